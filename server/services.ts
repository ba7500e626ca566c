import type { Db } from "./db/client";
import { createCatalogService } from "./modules/catalog/catalog.service";
import { createCompanyService } from "./modules/companies/companies.service";
import { createSettingsService } from "./modules/settings/settings.service";

/** The domain services, built once per app and shared by REST routes and page loaders. */
export function createServices(db: Db) {
  return {
    companies: createCompanyService(db),
    catalog: createCatalogService(db),
    settings: createSettingsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
