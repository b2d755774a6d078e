// What the /live scoreboard says about a match (src/client/words.ts).
import { describe, expect, it } from "vitest";
import { eventLine, eventText, stateText, statusWord, type Clock, type TimelineEvent } from "../../src/client/words";

const football = (over: Partial<Clock> = {}): Clock => ({
  sport: "football",
  status_code: 2,
  minute: 67,
  added_time: null,
  period: 13,
  game_clock_secs: null,
  ...over,
});
const basketball = (over: Partial<Clock> = {}): Clock => ({
  sport: "basketball",
  status_code: 2,
  minute: null,
  added_time: null,
  period: 24,
  game_clock_secs: 310,
  ...over,
});
const ev = (over: Partial<TimelineEvent>): TimelineEvent => ({
  type: "goal",
  minute: 67,
  added_time: null,
  period: 13,
  team: "home",
  player: null,
  player_in: null,
  player_out: null,
  detail: null,
  ...over,
});
const teams = { home: "Arsenal", away: "Chelsea" };

describe("status words", () => {
  it("names every contract status code, never a bare number", () => {
    const words = Array.from({ length: 10 }, (_, i) => statusWord("football", i + 1));
    expect(words).toEqual([
      "Scheduled",
      "Live",
      "Full time",
      "Postponed",
      "Cancelled",
      "Walkover",
      "Interrupted",
      "Abandoned",
      "After penalties",
      "After extra time",
    ]);
    expect(words.join(" ")).not.toMatch(/\d/);
  });

  it("uses basketball's words for a finished game", () => {
    expect(statusWord("basketball", 3)).toBe("Final");
    expect(statusWord("basketball", 10)).toBe("Final (OT)");
  });

  it("says so for a code outside the contract", () => {
    expect(statusWord("football", 42)).toBe("Unknown status");
  });
});

describe("the clock line of a live match", () => {
  it("football: period label and minute, with added time", () => {
    expect(stateText(football())).toBe("2nd Half · 67'");
    expect(stateText(football({ period: 12, minute: 45, added_time: 2 }))).toBe("1st Half · 45'+2");
  });

  it("basketball: quarter or overtime and the clock as m:ss", () => {
    expect(stateText(basketball())).toBe("Q3 · 5:10");
    expect(stateText(basketball({ period: 26, game_clock_secs: 65 }))).toBe("OT1 · 1:05");
    expect(stateText(basketball({ period: 22, game_clock_secs: 9 }))).toBe("Q1 · 0:09");
  });

  it("a break shows only its name, not a stopped clock", () => {
    expect(stateText(football({ period: 38, minute: 45 }))).toBe("Half-time");
    expect(stateText(basketball({ period: 30, game_clock_secs: 0 }))).toBe("Half-time");
  });

  it("falls back to what is known, and to Live", () => {
    expect(stateText(football({ period: null }))).toBe("67'");
    expect(stateText(basketball({ game_clock_secs: null }))).toBe("Q3");
    expect(stateText(football({ period: null, minute: null }))).toBe("Live");
  });

  it("a match that is not live shows its status word", () => {
    expect(stateText(football({ status_code: 3 }))).toBe("Full time");
    expect(stateText(basketball({ status_code: 3 }))).toBe("Final");
  });
});

describe("timeline lines", () => {
  it("a goal: minute, word, scorer and team, and a detail that adds something", () => {
    expect(eventText("football", ev({ player: "Bukayo Saka", detail: "Header" }), teams)).toBe(
      "67' Goal: Bukayo Saka (Arsenal) – Header",
    );
    expect(eventText("football", ev({ minute: 90, added_time: 3, team: "away", player: "Cole Palmer" }), teams)).toBe(
      "90'+3 Goal: Cole Palmer (Chelsea)",
    );
  });

  it("an own goal names the side it counts for; a detail that only repeats the word is dropped", () => {
    expect(
      eventText("football", ev({ type: "own_goal", player: "Ben White", team: "away", detail: "Own goal" }), teams),
    ).toBe("67' Own goal: Ben White (for Chelsea)");
    expect(eventText("football", ev({ type: "penalty_goal", player: "Saka", detail: "Penalty" }), teams)).toBe(
      "67' Penalty goal: Saka (Arsenal)",
    );
  });

  it("a substitution says who came on for whom", () => {
    expect(eventText("football", ev({ type: "substitution", player_in: "Jesus", player_out: "Havertz" }), teams)).toBe(
      "67' Substitution: Jesus for Havertz (Arsenal)",
    );
  });

  it("cards and VAR in words, with the team when there is no player", () => {
    expect(eventText("football", ev({ type: "second_yellow", player: "Rice" }), teams)).toBe(
      "67' Second yellow card: Rice (Arsenal)",
    );
    expect(eventText("football", ev({ type: "var", detail: "Goal disallowed – offside" }), teams)).toBe(
      "67' VAR (Arsenal) – Goal disallowed – offside",
    );
  });

  it("period starts and ends read as sentences, and use the feed's summary when it has one", () => {
    expect(eventText("football", ev({ type: "period_end", minute: 45, period: 12, team: null }), teams)).toBe(
      "45' End of 1st Half",
    );
    expect(
      eventText("basketball", ev({ type: "period_end", period: 24, team: null, detail: "End of Q3, 70–66" }), teams),
    ).toBe("End of Q3, 70–66");
    expect(eventText("basketball", ev({ type: "period_start", period: 27, team: null }), teams)).toBe("Start of OT2");
    expect(eventText("football", ev({ type: "period_start", minute: 0, period: 12, team: null }), teams)).toBe(
      "Kick-off",
    );
    expect(eventText("football", ev({ type: "period_start", minute: 45, period: 13, team: null }), teams)).toBe(
      "45' Start of 2nd Half",
    );
  });

  it("marks scoring plays and cards for the timeline", () => {
    const kinds = [
      "goal",
      "own_goal",
      "three_pointer",
      "yellow_card",
      "second_yellow",
      "red_card",
      "period_end",
      "foul",
    ];
    expect(kinds.map((type) => eventLine("football", ev({ type }), teams).kind)).toEqual([
      "score",
      "score",
      "score",
      "yellow",
      "red",
      "red",
      "period",
      "other",
    ]);
    expect(eventLine("football", ev({ player: "Saka" }), teams)).toEqual({
      at: "67'",
      text: "Goal: Saka (Arsenal)",
      kind: "score",
    });
  });

  it("basketball plays carry the quarter, not a minute; a detail that extends the word replaces it", () => {
    expect(
      eventText(
        "basketball",
        ev({ type: "three_pointer", period: 24, player: "Jayson Tatum", detail: "3PT jump shot" }),
        {
          home: "Boston Celtics",
          away: "Miami Heat",
        },
      ),
    ).toBe("Q3 Three-pointer: Jayson Tatum (Boston Celtics) – 3PT jump shot");
    expect(
      eventText(
        "basketball",
        ev({ type: "free_throw", period: 22, player: "Bam Adebayo", team: "away", detail: "Free throw 1 of 2" }),
        {
          home: "Boston Celtics",
          away: "Miami Heat",
        },
      ),
    ).toBe("Q1 Free throw 1 of 2: Bam Adebayo (Miami Heat)");
  });

  it("an event type the page does not know is still readable", () => {
    expect(eventText("football", ev({ type: "drinks_break", team: null }), teams)).toBe("67' drinks break");
  });
});
