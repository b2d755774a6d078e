// The timeline entry both sports' demo matches produce (the Event shape without id and seq).
export type Side = "home" | "away";

export interface DemoEvent {
  type: string;
  minute: number;
  added_time: number | null;
  period: number;
  team: "home" | "away" | null;
  player: string | null;
  player_in: string | null;
  player_out: string | null;
  detail: string | null;
  player_id: string | null;
  player_in_id: string | null;
  player_out_id: string | null;
}

export const demoEvent = (
  type: string,
  minute: number,
  period: number,
  team: Side | null,
  extra: Partial<DemoEvent> = {},
): DemoEvent => ({
  type,
  minute,
  added_time: null,
  period,
  team,
  player: null,
  player_in: null,
  player_out: null,
  detail: null,
  player_id: null,
  player_in_id: null,
  player_out_id: null,
  ...extra,
});
