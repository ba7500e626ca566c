import { ImageUp } from "lucide-react";
import { useCallback, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { RecordTable } from "~/components/admin/card-rows";
import {
  FormMessage,
  MultiSelect,
  NumberField,
  Select,
  Switch,
  TextField,
} from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { type ActionResult, translatableErrors } from "~/features/admin-catalog/action-result";
import { CatalogEditorPage } from "~/features/admin-catalog/catalog-page-parts";
import { LearnerProgressCard } from "~/features/admin-catalog/learner-progress-card";
import { LessonsEditor } from "~/features/admin-catalog/lessons-editor";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { COURSE_BADGES, COURSE_LEVELS } from "~shared/catalog.constants";
import { TAX_CLASSES } from "~shared/tax-classes";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/course";

export { action, loader } from "./course.server";

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
  const { course, categories, attributes, currency, learners, progress, quizLessonIds } = loaderData;
  const canWrite = useCan("catalog", "write");
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
            <Select
              label={t("adminCatalog.course.taxClass")}
              description={t("adminCatalog.course.taxClassHint")}
              name="taxClass"
              defaultValue={course?.taxClass ?? "digital_services"}
              options={TAX_CLASSES.map((taxClass) => ({
                value: taxClass,
                label: t(`adminCatalog.taxClasses.${taxClass}`),
              }))}
            />
          </div>
        </AdminCard>

        <ImagePicker current={course?.image ?? null} error={errors?.image} />

        {attributes.length > 0 && (
          <AdminCard title={t("adminCatalog.course.attributes")}>
            <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
              {attributes.map((attribute) => {
                const label = translate(attribute.displayName as { en: string }, i18n.language);
                const options = attribute.values.map((value) => ({
                  value: value.id,
                  label: translate(value.label as { en: string }, i18n.language),
                }));
                // Dropdown and radio attributes take one value; Variants take several.
                return attribute.optionType === "variants" ? (
                  <MultiSelect
                    key={attribute.id}
                    label={label}
                    name={`attr.${attribute.id}`}
                    defaultValue={course?.attributeValues[attribute.id] ?? []}
                    options={options}
                  />
                ) : (
                  <Select
                    key={attribute.id}
                    label={label}
                    name={`attr.${attribute.id}`}
                    defaultValue={course?.attributeValues[attribute.id]?.[0] ?? "none"}
                    options={[
                      { value: "none", label: t("adminCatalog.course.noAttributeValue") },
                      ...options,
                    ]}
                  />
                );
              })}
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
          <LessonsEditor
            courseId={course.id}
            lessons={course.lessons}
            canWrite={canWrite}
            quizLessonIds={quizLessonIds}
          />
        </AdminCard>
      )}

      {course && learners && (
        <AdminCard title={t("adminCatalog.learners.title", { count: learners.length })}>
          <p className="mb-3 text-sm text-ink-muted">{t("adminCatalog.learners.hint")}</p>
          {learners.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("adminCatalog.learners.none")}</p>
          ) : (
            <RecordTable
              label={t("adminCatalog.learners.title", { count: learners.length })}
              rows={learners}
              getRowId={(learner) => learner.customerId}
              columns={[
                {
                  id: "name",
                  header: t("adminCatalog.learners.name"),
                  cell: (learner) => (
                    <Link
                      to={adminPaths.customerOrders(learner.customerId)}
                      className="font-semibold text-primary-ink underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                    >
                      {learner.name}
                    </Link>
                  ),
                },
                {
                  id: "email",
                  header: t("adminCatalog.learners.email"),
                  cell: (learner) => learner.email,
                  className: "[overflow-wrap:anywhere]",
                },
                {
                  id: "access",
                  header: t("adminCatalog.learners.access"),
                  cell: (learner) =>
                    learner.order
                      ? t("adminCatalog.learners.byOrder", { number: learner.order.number })
                      : t("adminCatalog.learners.free"),
                },
              ]}
            />
          )}
        </AdminCard>
      )}
      {course && progress && <LearnerProgressCard courseId={course.id} progress={progress} />}
    </CatalogEditorPage>
  );
}
