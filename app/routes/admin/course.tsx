import { ImageUp } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useCan } from "~/features/admin/admin-layout-data";
import { AdminCard } from "~/features/admin/admin-page";
import {
  FormMessage,
  MultiSelect,
  NumberField,
  Select,
  Switch,
  TextField,
} from "~/features/admin/form-fields";
import { requireStaffPage } from "~/features/admin/staff-guard.server";
import { TranslatableField } from "~/features/admin/translatable-field";
import { type ActionResult, translatableErrors } from "~/features/admin-catalog/action-result";
import { attempt, fieldErrorsOf, invalid, text } from "~/features/admin-catalog/action-result.server";
import { CatalogEditorPage } from "~/features/admin-catalog/catalog-page-parts";
import { courseFromForm, lessonFromForm } from "~/features/admin-catalog/course-form.server";
import { LessonsEditor } from "~/features/admin-catalog/lessons-editor";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { translator } from "~/i18n/translator";
import { adminPaths } from "~/lib/admin-paths";
import { AppError } from "~server/lib/errors";
import {
  AdminCourseInput,
  AdminLessonInput,
  AdminReorderLessons,
  AdminUpdateLesson,
  CATALOG_AREA,
  IdParams,
} from "~server/modules/catalog/catalog-admin.schemas";
import { IMAGE_MAX_BYTES } from "~server/modules/media/upload-limits";
import { COURSE_BADGES, COURSE_LEVELS } from "~shared/catalog.constants";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/course";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, CATALOG_AREA, "read");
  const { catalogAdmin, settings } = context.services;
  const companyId = context.company.id;
  const [categories, attributes, info] = await Promise.all([
    catalogAdmin.categories.list(companyId, {}),
    catalogAdmin.attributes.published(companyId),
    settings.storeInfo(companyId),
  ]);
  let course = null;
  if (params.id !== "new") {
    if (!IdParams.safeParse({ id: params.id }).success) throw data(null, { status: 404 });
    course = await catalogAdmin.courses.get(companyId, params.id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    });
  }
  return { course, categories: categories.items, attributes, currency: course?.currency ?? info.currency };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const principal = await requireStaffPage(context, request, CATALOG_AREA, "write");
  const actor = { id: principal.staffId, email: principal.email };
  const companyId = context.company.id;
  const courses = context.services.catalogAdmin.courses;
  const languages = await context.services.editingLanguages.list(companyId);
  const form = await request.formData();
  const intent = text(form, "intent");
  const id = params.id;

  if (intent === "save") {
    const parsed = AdminCourseInput.safeParse(courseFromForm(form, languages));
    if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
    const image = form.get("image");
    const bytes =
      image instanceof File && image.size > 0
        ? image.size > IMAGE_MAX_BYTES
          ? null
          : Buffer.from(await image.arrayBuffer())
        : undefined;
    if (bytes === null) return invalid(intent, { image: "The image may be at most 5 MB." });
    let createdId: string | undefined;
    const result = await attempt(intent, async () => {
      const saved =
        id === "new"
          ? await courses.create(companyId, actor, parsed.data)
          : await courses.update(companyId, actor, id, parsed.data);
      createdId = id === "new" ? saved.id : undefined;
      if (bytes) {
        await courses.setImage(companyId, actor, saved.id, bytes).catch((error: unknown) => {
          throw error instanceof AppError
            ? new AppError(error.status, error.code, error.message, [
                { path: "image", message: error.message },
              ])
            : error;
        });
      }
      return saved.id;
    });
    // A new course opens in its own page (where lessons can be added), even when only its image failed.
    if (createdId) throw redirect(adminPaths.course(createdId));
    return result;
  }
  if (id === "new") return invalid(intent, {}, "Save the course first.");

  switch (intent) {
    case "delete": {
      const result = await attempt(intent, () => courses.remove(companyId, actor, id));
      if ((result.data as ActionResult).ok) throw redirect(adminPaths.courses());
      return result;
    }
    case "add-lesson": {
      const parsed = AdminLessonInput.safeParse(lessonFromForm(form, languages));
      if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
      return attempt(intent, () =>
        courses.addLesson(companyId, actor, id, parsed.data).then((lesson) => lesson.id),
      );
    }
    case "update-lesson": {
      const parsed = AdminUpdateLesson.safeParse(lessonFromForm(form, languages));
      if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
      return attempt(intent, () =>
        courses.updateLesson(companyId, actor, id, text(form, "lessonId"), parsed.data).then(() => undefined),
      );
    }
    case "delete-lesson":
      return attempt(intent, () => courses.removeLesson(companyId, actor, id, text(form, "lessonId")));
    case "reorder-lessons": {
      const parsed = AdminReorderLessons.safeParse({ ids: form.getAll("ids").map(String) });
      if (!parsed.success) return invalid(intent, fieldErrorsOf(parsed.error));
      return attempt(intent, () =>
        courses.reorderLessons(companyId, actor, id, parsed.data.ids).then(() => undefined),
      );
    }
    default:
      return invalid(intent, {}, "Unknown action.");
  }
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root) return [];
  const t = translator(root);
  const title = data?.course ? translate(data.course.title as { en: string }, root.language) : null;
  return [
    {
      title: title ? t("adminCatalog.course.editTitle", { name: title }) : t("adminCatalog.course.newTitle"),
    },
  ];
};

const euros = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? undefined : cents / 100;

/** The course image: the current one (or the chosen file's preview) and a file input submitted with the form. */
function ImagePicker({ current, error }: { current: string | null; error: string | undefined }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <AdminCard title={t("adminCatalog.course.image")}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {(preview ?? current) ? (
          <img
            src={preview ?? current ?? undefined}
            alt={t("adminCatalog.course.imagePreview")}
            className="aspect-video w-full max-w-xs rounded-lg border border-line object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full max-w-xs items-center justify-center rounded-lg border border-dashed border-line text-ink-muted">
            <ImageUp aria-hidden="true" className="size-8" />
          </div>
        )}
        <div className="grid gap-1.5">
          <label htmlFor="course-image" className="text-sm font-semibold text-ink">
            {t("adminCatalog.course.chooseImage")}
          </label>
          <input
            id="course-image"
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby="course-image-help"
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
            className="text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:font-semibold file:text-ink"
          />
          <p id="course-image-help" className="text-xs text-ink-muted">
            {t("adminCatalog.imageHint")}
          </p>
          {error && <p className="text-xs font-medium text-danger">{error}</p>}
        </div>
      </div>
    </AdminCard>
  );
}

/** Create or edit one course: texts per language, prices, seats, image, attributes, lessons. */
export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { course, categories, attributes, currency } = loaderData;
  const canWrite = useCan(CATALOG_AREA, "write");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const result = actionData as ActionResult | undefined;
  const errors = result && !result.ok && result.intent === "save" ? result.fieldErrors : undefined;
  const success = useCallback(
    (intent: string) => (intent === "save" ? t("adminCatalog.course.saved") : null),
    [t],
  );
  useActionToast(result, success);
  const name = course ? translate(course.title as { en: string }, i18n.language) : "";
  const money = { style: "currency", currency } as const;

  return (
    <CatalogEditorPage
      name={name}
      isNew={!course}
      newTitle={t("adminCatalog.course.newTitle")}
      back={{ to: adminPaths.courses(), label: t("adminCatalog.course.back") }}
      deleteLabel={t("adminCatalog.course.delete")}
      canWrite={canWrite}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid grid-cols-1 gap-6"
        key={course?.updatedAt ?? "new"}
      >
        <input type="hidden" name="intent" value="save" />
        {result && !result.ok && result.intent === "save" && <FormMessage>{result.message}</FormMessage>}
        <AdminCard title={t("adminCatalog.course.basics")}>
          <div className="grid grid-cols-1 gap-5">
            <TranslatableField
              label={t("adminCatalog.course.courseTitle")}
              name="title"
              isRequired
              defaultValue={course?.title}
              errors={translatableErrors(errors, "title")}
            />
            <TextField
              label={t("adminCatalog.course.slug")}
              description={t("adminCatalog.course.slugHint")}
              name="slug"
              defaultValue={course?.slug ?? ""}
              error={errors?.slug}
            />
            <TranslatableField
              label={t("adminCatalog.course.summary")}
              name="summary"
              multiline
              rows={2}
              defaultValue={course?.summary}
              errors={translatableErrors(errors, "summary")}
            />
            <TranslatableField
              label={t("adminCatalog.course.descriptionField")}
              name="description"
              multiline
              rows={6}
              defaultValue={course?.description}
              errors={translatableErrors(errors, "description")}
            />
            <TranslatableField
              label={t("adminCatalog.course.outcomes")}
              description={t("adminCatalog.course.outcomesHint")}
              name="outcomes"
              multiline
              rows={4}
              defaultValue={Object.fromEntries(
                Object.entries(course?.outcomes ?? {}).map(([code, lines]) => [
                  code,
                  (lines ?? []).join("\n"),
                ]),
              )}
            />
            <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
              <Select
                label={t("adminCatalog.course.category")}
                name="categoryId"
                defaultValue={course?.categoryId ?? "none"}
                error={errors?.categoryId}
                options={[
                  { value: "none", label: t("adminCatalog.course.noCategory") },
                  ...categories.map((category) => ({
                    value: category.id,
                    label: `${"— ".repeat(category.depth)}${translate(category.name as { en: string }, i18n.language)}`,
                  })),
                ]}
              />
              <Select
                label={t("adminCatalog.course.level")}
                name="level"
                defaultValue={course?.level ?? "beginner"}
                options={COURSE_LEVELS.map((level) => ({
                  value: level,
                  label: t(`adminCatalog.levels.${level}`),
                }))}
              />
              <TextField
                label={t("adminCatalog.course.instructor")}
                name="instructor"
                defaultValue={course?.instructor ?? ""}
                error={errors?.instructor}
              />
            </div>
          </div>
        </AdminCard>

        <AdminCard title={t("adminCatalog.course.pricing")}>
          <div className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">
            <NumberField
              label={t("adminCatalog.course.price")}
              name="price"
              isRequired
              minValue={0}
              formatOptions={money}
              defaultValue={euros(course?.priceCents)}
              error={errors?.priceCents}
            />
            <NumberField
              label={t("adminCatalog.course.salePrice")}
              description={t("adminCatalog.course.salePriceHint")}
              name="salePrice"
              minValue={0}
              formatOptions={money}
              defaultValue={euros(course?.salePriceCents)}
              error={errors?.salePriceCents}
            />
            <NumberField
              label={t("adminCatalog.course.totalSeats")}
              description={
                course
                  ? t("adminCatalog.course.totalSeatsHintSold", { sold: course.seatsSold })
                  : t("adminCatalog.course.totalSeatsHint")
              }
              name="totalSeats"
              minValue={1}
              step={1}
              defaultValue={course?.totalSeats ?? undefined}
              error={errors?.totalSeats}
            />
            <NumberField
              label={t("adminCatalog.course.instalments")}
              description={t("adminCatalog.course.instalmentsHint")}
              name="instalmentCount"
              minValue={2}
              maxValue={12}
              step={1}
              defaultValue={course?.instalmentCount ?? undefined}
              error={errors?.instalmentCount}
            />
            <Select
              label={t("adminCatalog.course.badge")}
              name="badge"
              defaultValue={course?.badge ?? "none"}
              options={[
                { value: "none", label: t("adminCatalog.badges.none") },
                ...COURSE_BADGES.map((badge) => ({ value: badge, label: t(`adminCatalog.badges.${badge}`) })),
              ]}
            />
          </div>
        </AdminCard>

        <ImagePicker current={course?.image ?? null} error={errors?.image} />

        {attributes.length > 0 && (
          <AdminCard title={t("adminCatalog.course.attributes")}>
            <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
              {attributes.map((attribute) => (
                <MultiSelect
                  key={attribute.id}
                  label={translate(attribute.displayName as { en: string }, i18n.language)}
                  name={`attr.${attribute.id}`}
                  defaultValue={course?.attributeValues[attribute.id] ?? []}
                  options={attribute.values.map((value) => ({
                    value: value.id,
                    label: translate(value.label as { en: string }, i18n.language),
                  }))}
                />
              ))}
            </div>
            {errors?.attributeValues && (
              <p className="mt-2 text-xs font-medium text-danger">{errors.attributeValues}</p>
            )}
          </AdminCard>
        )}

        <div className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between">
          <Switch name="published" value="true" defaultSelected={course?.published ?? false}>
            {t("adminCatalog.course.publishedLabel")}
          </Switch>
          {canWrite && (
            <Button type="submit" disabled={saving}>
              {saving
                ? t("adminCatalog.saving")
                : course
                  ? t("adminCatalog.course.save")
                  : t("adminCatalog.course.create")}
            </Button>
          )}
        </div>
      </Form>

      {course && (
        <AdminCard title={t("adminCatalog.lessons.title")}>
          <LessonsEditor courseId={course.id} lessons={course.lessons} canWrite={canWrite} />
        </AdminCard>
      )}
    </CatalogEditorPage>
  );
}
