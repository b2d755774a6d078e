/** @jsxImportSource hono/jsx */
import { SPORTS } from "../../../core/domain/codes";
import { PostForm } from "../components/forms";
import { Layout, Notice } from "../components/layout";

export function LeaguesPage(props: {
  email: string;
  csrf: string;
  leagues: { id: string; sport: string; name: string; country: string }[];
  tracked: Set<string>;
  saved?: boolean;
}) {
  return (
    <Layout
      title="Tracked leagues"
      email={props.email}
      csrf={props.csrf}
      path="/dashboard/leagues"
      lede="Your keys only see the leagues ticked here: lists, direct reads, WebSockets, MCP and webhooks alike."
    >
      <Notice text={props.saved ? "Saved." : undefined} />
      <PostForm action="/dashboard/leagues" csrf={props.csrf} class="card">
        {SPORTS.map((sport) => (
          <fieldset>
            <legend>{sport === "football" ? "Football" : "Basketball"}</legend>
            <div class="checks">
              {props.leagues
                .filter((l) => l.sport === sport)
                .map((l) => (
                  <label class="check">
                    <input type="checkbox" name="league_ids" value={l.id} checked={props.tracked.has(l.id)} />{" "}
                    {`${l.name} (${l.country})`}
                  </label>
                ))}
            </div>
          </fieldset>
        ))}
        <button type="submit" class="primary">
          Save
        </button>
      </PostForm>
    </Layout>
  );
}
