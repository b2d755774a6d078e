// Local wall-clock time → UTC, for sources that give a date and a time without a zone (docs/data.md "Kickoffs").

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at instant `ms`, in ms (positive east of Greenwich). */
function offsetAt(zone: string, ms: number): number {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(ms / 1000) * 1000;
}

/**
 * Epoch ms of `date` (YYYY-MM-DD) at `time` (HH:MM) on the clocks of `zone` (an IANA name). A time the clocks skip
 * (spring forward) lands an hour later; one they repeat (fall back) is taken at its first occurrence.
 */
export function zonedToUtcMs(date: string, time: string, zone: string): number {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetAt(zone, wall);
  return wall - offsetAt(zone, first);
}
