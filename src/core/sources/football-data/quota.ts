// football-data.org's quota headers (docs/feeds.md "Quotas").
import { headerNumber } from "../common";
import type { QuotaHint } from "../contract";

/** football-data.org: `X-Requests-Available-Minute` and `X-RequestCounter-Reset` (docs/feeds.md "Quotas"). */
export function footballDataQuota(h: Headers): QuotaHint {
  const hint: QuotaHint = {};
  const left = headerNumber(h, "x-requests-available-minute");
  const reset = headerNumber(h, "x-requestcounter-reset");
  if (left !== undefined) hint.minuteLeft = left;
  if (reset !== undefined) hint.resetS = reset;
  return hint;
}

