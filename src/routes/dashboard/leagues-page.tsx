/** @jsxImportSource hono/jsx */
import { SPORTS } from "../../domain/codes";
import { Layout } from "./layout";

export function LeaguesPage(props: {
  email: string;
  csrf: string;
  leagues: { id: string; sport: string; name: string; country: string }[];
  tracked: Set<string>;
  saved?: boolean;
}) {
  return (
    <Layout title="Tracked leagues" email={props.email} csrf={props.csrf}>
      <p>Your keys only see the leagues ticked here: lists, direct reads, WebSockets and MCP alike.</p>
      {props.saved && <p role="status">Saved.</p>}
      <form method="post" action="/dashboard/leagues">
        <input type="hidden" name="_csrf" value={props.csrf} />
        {SPORTS.map((sport) => (
          <fieldset>
            <legend>{sport === "football" ? "Football" : "Basketball"}</legend>
            {props.leagues
              .filter((l) => l.sport === sport)
              .map((l) => (
                <label>
                  <input type="checkbox" name="league_ids" value={l.id} checked={props.tracked.has(l.id)} />{" "}
                  {`${l.name} (${l.country})`}
                </label>
              ))}
          </fieldset>
        ))}
        <button type="submit">Save</button>
      </form>
    </Layout>
  );
}
