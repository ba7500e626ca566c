import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { FormMessage } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import type { WriteResult } from "~/features/settings-content/admin-write.server";
import { useWriteToast } from "~/features/settings-content/use-write-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useAdminLayoutData } from "~/lib/admin-layout-data";
import { moveItem } from "~/lib/move-item";
import {
  MENU_LIMITS,
  MENU_LINK_KINDS,
  MENU_PAGE_KEYS,
  type MenuEntry,
  type MenuLink,
  type MenuLocation,
  type StoreMenus,
} from "~shared/store-menus";
import type { Route } from "./+types/menu-editor";

export { action, loader } from "./menu-editor.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("adminContent.menus.title") }] : [];
};

const inputClass =
  "block min-h-11 w-full min-w-0 rounded-lg border border-control bg-surface px-3 text-sm text-ink shadow-sm hover:border-primary-ink focus-visible:outline-3 focus-visible:outline-focus aria-invalid:border-danger";

type Option = { value: string; label: string };

/** One entry's fields: a label per language, what it links to, and its place in the list. */
function EntryFields({
  link,
  name,
  path,
  errors,
  onChange,
  options,
  topLevel,
}: {
  link: MenuLink;
  /** How the entry is called in labels, e.g. "Header entry 2" or "Header entry 2.1". */
  name: string;
  path: string;
  errors: Record<string, string>;
  onChange: (link: MenuLink) => void;
  options: { pages: Option[]; categories: Option[]; courses: Option[] };
  topLevel: boolean;
}) {
  const { t } = useTranslation();
  const languages = useAdminLayoutData()?.languages ?? [{ code: "en", name: "English" }];
  const kinds = MENU_LINK_KINDS.filter((kind) => topLevel || kind !== "none");
  const targetOptions =
    link.kind === "page" ? options.pages : link.kind === "category" ? options.categories : options.courses;
  const error = (key: string) => errors[`${path}.${key}`];
  const labelError = Object.entries(errors).find(([key]) => key.startsWith(`${path}.label`))?.[1];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
      {languages.map((language) => (
        <label key={language.code} className="grid min-w-0 gap-1 text-xs font-semibold text-ink">
          {t("adminContent.menus.label", { entry: name, language: language.name })}
          <input
            className={inputClass}
            value={link.label[language.code] ?? ""}
            maxLength={60}
            aria-invalid={language.code === "en" && labelError ? true : undefined}
            onChange={(event) =>
              onChange({ ...link, label: { ...link.label, [language.code]: event.target.value } })
            }
          />
        </label>
      ))}
      <label className="grid min-w-0 gap-1 text-xs font-semibold text-ink">
        {t("adminContent.menus.kind", { entry: name })}
        <select
          className={inputClass}
          value={link.kind}
          aria-invalid={error("kind") ? true : undefined}
          onChange={(event) =>
            onChange({ ...link, kind: event.target.value as MenuLink["kind"], target: "" })
          }
        >
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`adminContent.menus.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      {link.kind === "url" ? (
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-ink">
          {t("adminContent.menus.url", { entry: name })}
          <input
            className={inputClass}
            inputMode="url"
            maxLength={500}
            placeholder="https://"
            value={link.target}
            aria-invalid={error("target") ? true : undefined}
            onChange={(event) => onChange({ ...link, target: event.target.value })}
          />
        </label>
      ) : link.kind !== "none" ? (
        <label className="grid min-w-0 gap-1 text-xs font-semibold text-ink">
          {t("adminContent.menus.target", { entry: name })}
          <select
            className={inputClass}
            value={link.target}
            aria-invalid={error("target") ? true : undefined}
            onChange={(event) => onChange({ ...link, target: event.target.value })}
          >
            <option value="">{t("adminContent.menus.choose")}</option>
            {targetOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {[labelError, error("kind"), error("target"), error("children")].filter(Boolean).map((message) => (
        <p key={message} className="text-sm font-medium text-danger sm:col-span-full">
          {name}: {message}
        </p>
      ))}
    </div>
  );
}

/** The buttons that move or remove one entry. */
function EntryActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (step: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        aria-label={t("adminContent.menus.moveUp", { entry: name })}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        aria-label={t("adminContent.menus.moveDown", { entry: name })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button variant="ghost" aria-label={t("adminContent.menus.remove", { entry: name })} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

const emptyLink = (): MenuLink => ({ label: { en: "" }, kind: "page", target: "" });

function MenuEditor({
  location,
  entries,
  onChange,
  errors,
  options,
}: {
  location: MenuLocation;
  entries: MenuEntry[];
  onChange: (entries: MenuEntry[]) => void;
  errors: Record<string, string>;
  options: { pages: Option[]; categories: Option[]; courses: Option[] };
}) {
  const { t } = useTranslation();
  const limits = MENU_LIMITS[location];
  const set = (index: number, entry: MenuEntry) => onChange(entries.map((e, i) => (i === index ? entry : e)));
  return (
    <AdminCard title={t(`adminContent.menus.${location}`)}>
      <p className="mb-4 text-sm text-ink-muted">{t(`adminContent.menus.${location}Hint`)}</p>
      {entries.length === 0 && <p className="mb-4 text-sm text-ink-muted">{t("adminContent.menus.empty")}</p>}
      <ol className="grid grid-cols-1 gap-4">
        {entries.map((entry, index) => {
          const name = t(`adminContent.menus.${location}Entry`, { n: index + 1 });
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity besides their place
              key={index}
              className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border border-line p-3 sm:p-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-ink">{name}</h3>
                <EntryActions
                  name={name}
                  index={index}
                  count={entries.length}
                  onMove={(step) => onChange(moveItem(entries, index, step))}
                  onRemove={() => onChange(entries.filter((_, i) => i !== index))}
                />
              </div>
              <EntryFields
                link={entry}
                name={name}
                path={`${location}.${index}`}
                errors={errors}
                options={options}
                topLevel
                onChange={(link) => set(index, { ...entry, ...link })}
              />
              {entry.children.length > 0 && (
                <ol className="grid grid-cols-1 gap-3 border-l-2 border-line pl-3 sm:pl-5">
                  {entry.children.map((child, childIndex) => {
                    const childName = t(`adminContent.menus.${location}Entry`, {
                      n: `${index + 1}.${childIndex + 1}`,
                    });
                    const setChildren = (children: MenuLink[]) => set(index, { ...entry, children });
                    return (
                      <li
                        // biome-ignore lint/suspicious/noArrayIndexKey: sub-entries have no identity besides their place
                        key={childIndex}
                        className="grid min-w-0 grid-cols-1 gap-2 rounded-lg bg-sunken p-3"
                      >
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <h4 className="text-sm font-semibold text-ink">{childName}</h4>
                          <EntryActions
                            name={childName}
                            index={childIndex}
                            count={entry.children.length}
                            onMove={(step) => setChildren(moveItem(entry.children, childIndex, step))}
                            onRemove={() => setChildren(entry.children.filter((_, i) => i !== childIndex))}
                          />
                        </div>
                        <EntryFields
                          link={child}
                          name={childName}
                          path={`${location}.${index}.children.${childIndex}`}
                          errors={errors}
                          options={options}
                          topLevel={false}
                          onChange={(link) =>
                            setChildren(entry.children.map((c, i) => (i === childIndex ? link : c)))
                          }
                        />
                      </li>
                    );
                  })}
                </ol>
              )}
              {entry.children.length < limits.children && (
                <Button
                  variant="secondary"
                  className="w-fit"
                  onClick={() => set(index, { ...entry, children: [...entry.children, emptyLink()] })}
                >
                  <Plus aria-hidden="true" />
                  {t("adminContent.menus.addChild", { entry: name })}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {entries.length < limits.entries && (
        <Button
          variant="secondary"
          className="mt-4 w-fit"
          onClick={() => onChange([...entries, { ...emptyLink(), children: [] }])}
        >
          <Plus aria-hidden="true" />
          {t(`adminContent.menus.add`, { menu: t(`adminContent.menus.${location}`) })}
        </Button>
      )}
    </AdminCard>
  );
}

/** /store/menu-editor: the storefront's header and footer menus, two levels, per language. */
export default function MenuEditorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<WriteResult>();
  const busy = useNavigation().state === "submitting";
  useWriteToast(result);
  const [menus, setMenus] = useState<StoreMenus>({
    header: loaderData.menus.header,
    footer: loaderData.menus.footer,
  });
  const errors = result && !result.ok ? result.fields : {};
  const options = {
    pages: MENU_PAGE_KEYS.map((key) => ({ value: key, label: t(`adminContent.menus.pages.${key}`) })),
    categories: loaderData.categories,
    courses: loaderData.courses,
  };
  return (
    <AdminPage
      title={t("adminContent.menus.title")}
      description={t("adminContent.menus.description")}
      actions={
        <Button type="submit" form="menu-editor" disabled={busy}>
          {t("adminContent.menus.save")}
        </Button>
      }
    >
      <Form method="post" id="menu-editor" className="grid gap-6">
        <input type="hidden" name="menus" value={JSON.stringify(menus)} />
        {result && !result.ok && <FormMessage>{result.message}</FormMessage>}
        {!loaderData.menus.saved && (
          <p className="text-sm text-ink-muted">{t("adminContent.menus.defaultHint")}</p>
        )}
        {(["header", "footer"] as const).map((location) => (
          <MenuEditor
            key={location}
            location={location}
            entries={menus[location]}
            onChange={(entries) => setMenus({ ...menus, [location]: entries })}
            errors={errors}
            options={options}
          />
        ))}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {t("adminContent.menus.save")}
          </Button>
        </div>
      </Form>
    </AdminPage>
  );
}
