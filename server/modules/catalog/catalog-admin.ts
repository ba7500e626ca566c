import type { Db } from "../../db/client";
import type { AuditService } from "../audit/audit.service";
import type { Uploads } from "../media/uploads";
import type { SettingsService } from "../settings/settings.service";
import { createAttributeAdminService } from "./attribute-admin.service";
import type { CatalogService } from "./catalog.service";
import { createCategoryAdminService } from "./category-admin.service";
import { createCourseAdminService } from "./course-admin.service";

/** The back office's catalogue: courses (with lessons and media), categories and attributes. */
export function createCatalogAdmin(
  db: Db,
  deps: {
    audit: AuditService;
    catalog: CatalogService;
    settings: SettingsService;
    /** Where uploaded covers, icons and lesson videos go (DATA_DIR/media or the bucket). */
    uploads: Uploads;
  },
) {
  const { uploads } = deps;
  const shared = { audit: deps.audit, catalog: deps.catalog };
  return {
    courses: createCourseAdminService(db, { ...shared, uploads, settings: deps.settings }),
    categories: createCategoryAdminService(db, { ...shared, uploads }),
    attributes: createAttributeAdminService(db, shared),
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
