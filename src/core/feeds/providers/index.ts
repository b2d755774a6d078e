// The provider adapters by name (docs/feeds.md).
import type { Provider, ProviderName } from "../model";
import { apiBasketball } from "./api-basketball";
import { apiFootball } from "./api-football";
import { footballData } from "./football-data";

export const PROVIDER_ADAPTERS: Record<ProviderName, Provider> = {
  "api-football": apiFootball,
  "api-basketball": apiBasketball,
  "football-data": footballData,
};
