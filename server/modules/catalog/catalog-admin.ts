import type { Db } from "../../db/client";
import type { AuditService } from "../audit/audit.service";
import type { ImageStore } from "../media/image-store";
import { createUploads } from "../media/uploads";
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
    uploadRoot: string;
    images: ImageStore;
  },
) {
  const uploads = createUploads({ uploadRoot: deps.uploadRoot, images: deps.images });
  const shared = { audit: deps.audit, catalog: deps.catalog };
  return {
    courses: createCourseAdminService(db, { ...shared, uploads, settings: deps.settings }),
    categories: createCategoryAdminService(db, { ...shared, uploads }),
    attributes: createAttributeAdminService(db, shared),
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
