import { Check, ChevronDown, Eye, EyeOff, Minus, Plus } from "lucide-react";
import { type ReactNode, type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";
import {
  Button as AriaButton,
  Checkbox as AriaCheckbox,
  type CheckboxProps as AriaCheckboxProps,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Select as AriaSelect,
  Switch as AriaSwitch,
  type SwitchProps as AriaSwitchProps,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Group,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
  Text,
} from "react-aria-components";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";

/**
 * Form fields of the back office, on React Aria Components: a visible label, an optional
 * description, and an inline error (small red text under the field, spec section 5) tied to the
 * control. Each field submits with a plain <form> / React Router <Form> through its `name`.
 * Pass `error` (already translated) to show a server-side validation message.
 */
export interface FieldBaseProps {
  label: string;
  description?: string | undefined;
  /** Translated error text; the field is marked invalid while it is set. */
  error?: string | undefined;
  className?: string | undefined;
}

export const fieldControlClasses =
  "block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-sm text-ink shadow-sm " +
  "placeholder:text-ink-muted outline-none transition-colors hover:border-primary-ink " +
  // `outline-none` also sets Tailwind's outline style variable to none: the focus ring names its style.
  "data-[focused]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 " +
  "data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus " +
  "focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-focus " +
  "data-[invalid]:border-danger aria-invalid:border-danger data-[disabled]:opacity-60";

const labelClasses = "mb-1.5 block text-sm font-semibold text-ink";
const descriptionClasses = "mt-1.5 block text-xs text-ink-muted";
const errorClasses = "mt-1.5 block text-xs font-medium text-danger";

function FieldHelp({ description, error }: { description?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {description && (
        <Text slot="description" className={descriptionClasses}>
          {description}
        </Text>
      )}
      <FieldError className={errorClasses}>{error}</FieldError>
    </>
  );
}

type TextFieldProps = FieldBaseProps &
  Omit<AriaTextFieldProps, "children" | "className" | "isInvalid" | "validationBehavior"> & {
    placeholder?: string;
    /** Content after the input inside the field (e.g. a unit). */
    suffix?: ReactNode;
  };

/** A single-line text input (type text, email, url, tel, search, password). */
export function TextField({
  label,
  description,
  error,
  className,
  placeholder,
  suffix,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(error)} validationBehavior="aria" className={className}>
      <Label className={labelClasses}>{label}</Label>
      <div className="relative">
        <Input placeholder={placeholder} className={cn(fieldControlClasses, suffix ? "pr-12" : undefined)} />
        {suffix && <div className="absolute inset-y-0 right-0 flex items-center pr-3">{suffix}</div>}
      </div>
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  description,
  error,
  className,
  placeholder,
  ...props
}: Omit<TextFieldProps, "type" | "suffix">) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <AriaTextField
      {...props}
      type={visible ? "text" : "password"}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={className}
    >
      <Label className={labelClasses}>{label}</Label>
      <div className="relative">
        <Input
          placeholder={placeholder}
          autoCapitalize="none"
          spellCheck={false}
          className={cn(fieldControlClasses, "pr-12")}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t("admin.form.hidePassword") : t("admin.form.showPassword")}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-ink-muted hover:text-primary-ink"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

/** A multi-line text input. */
export function TextArea({
  label,
  description,
  error,
  className,
  placeholder,
  rows = 4,
  ...props
}: Omit<TextFieldProps, "suffix" | "type"> & { rows?: number }) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(error)} validationBehavior="aria" className={className}>
      <Label className={labelClasses}>{label}</Label>
      <AriaTextArea
        placeholder={placeholder}
        rows={rows}
        className={cn(fieldControlClasses, "py-2 leading-6")}
      />
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

/**
 * A number input with steppers; it submits the plain number under `name`. Money: keep cents on
 * the server and use `formatOptions={{ style: "currency", currency: "EUR" }}` with a decimal value.
 */
export function NumberField({
  label,
  description,
  error,
  className,
  placeholder,
  ...props
}: FieldBaseProps &
  Omit<AriaNumberFieldProps, "children" | "className" | "isInvalid" | "validationBehavior"> & {
    placeholder?: string;
  }) {
  const { t } = useTranslation();
  const stepper =
    "flex w-10 items-center justify-center text-ink-muted hover:bg-sunken hover:text-ink data-[disabled]:opacity-40 [&_svg]:size-4";
  return (
    <AriaNumberField {...props} isInvalid={Boolean(error)} validationBehavior="aria" className={className}>
      <Label className={labelClasses}>{label}</Label>
      <Group
        className={cn(
          fieldControlClasses,
          "flex overflow-hidden p-0 data-[focus-within]:border-primary data-[focus-visible]:outline-3",
        )}
      >
        <AriaButton
          slot="decrement"
          aria-label={t("admin.form.decrease")}
          className={cn(stepper, "border-r border-line")}
        >
          <Minus aria-hidden="true" />
        </AriaButton>
        <Input
          placeholder={placeholder}
          className="min-w-0 flex-1 bg-transparent px-3 text-sm text-ink outline-none"
        />
        <AriaButton
          slot="increment"
          aria-label={t("admin.form.increase")}
          className={cn(stepper, "border-l border-line")}
        >
          <Plus aria-hidden="true" />
        </AriaButton>
      </Group>
      <FieldHelp description={description} error={error} />
    </AriaNumberField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  /** Shown greyed out and not selectable. */
  disabled?: boolean;
}

const triggerClasses = cn(fieldControlClasses, "flex min-w-0 items-center justify-between gap-2 text-left");
const popoverClasses =
  "min-w-(--trigger-width) overflow-auto rounded-lg border border-line bg-surface p-1 shadow-raised outline-none";
const optionClasses =
  // min-h-11: 44 px, the smallest comfortable touch target.
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 text-sm text-ink outline-none " +
  "data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[focused]:bg-sunken " +
  "data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-solid " +
  "data-[focus-visible]:outline-focus";

/**
 * Gives focus back to the select's button the moment its list closes while focus was inside the
 * list (Escape, choosing with Enter) or already lost to the page. React Aria does this itself, but
 * only in the next animation frame after the popover has gone: until then focus sits on <body>,
 * and a keystroke or check in between goes nowhere. A close caused by focusing something else
 * (a click or Tab elsewhere) leaves focus where it went.
 */
function useFocusButtonOnClose(): {
  triggerRef: RefObject<HTMLButtonElement | null>;
  popoverRef: RefObject<HTMLElement | null>;
  onOpenChange: (isOpen: boolean) => void;
} {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLElement>(null);
  const onOpenChange = useCallback((isOpen: boolean) => {
    if (isOpen) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || Boolean(popoverRef.current?.contains(active));
    if (lost) triggerRef.current?.focus({ preventScroll: true });
  }, []);
  return { triggerRef, popoverRef, onOpenChange };
}

/**
 * After hydration, sets the hidden native <select> (the one the form submits) to the value the
 * button shows. The browser may have put back an earlier, unsaved choice into it while parsing
 * (form restoration on back/forward and reload), and React does not touch a <select> when it
 * hydrates: the form would then post something other than what the button shows.
 */
function useNativeSelectMatches(rootRef: RefObject<HTMLDivElement | null>, keys: readonly string[]) {
  const initial = useRef(keys);
  useLayoutEffect(() => {
    const select = rootRef.current?.querySelector("select");
    if (!select) return;
    for (const option of Array.from(select.options)) {
      option.selected = initial.current.includes(option.value);
    }
  }, [rootRef]);
}

/**
 * A custom-styled single select (React Aria: full keyboard and screen-reader behaviour, type-ahead);
 * a hidden native <select name> carries the value in forms.
 */
export function Select({
  label,
  description,
  error,
  className,
  options,
  name,
  value,
  defaultValue,
  onChange,
  placeholder,
  isRequired,
  isDisabled,
  hideLabel = false,
}: FieldBaseProps & {
  options: SelectOption[];
  /** Keep the label for screen readers only (e.g. a filter in a toolbar). */
  hideLabel?: boolean;
  name?: string;
  /** Controlled value (null: nothing chosen). */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
}) {
  const controlled = value !== undefined ? { value } : {};
  const focus = useFocusButtonOnClose();
  const rootRef = useRef<HTMLDivElement>(null);
  const chosen = value !== undefined ? value : defaultValue;
  useNativeSelectMatches(rootRef, chosen == null ? [""] : [chosen]);
  return (
    <AriaSelect
      ref={rootRef}
      name={name}
      {...controlled}
      defaultValue={defaultValue ?? null}
      onChange={(key) => onChange?.(key === null ? null : String(key))}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled}
      disabledKeys={options.filter((option) => option.disabled).map((option) => option.value)}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      onOpenChange={focus.onOpenChange}
      // min-w-0: a long chosen label truncates instead of widening a grid or flex parent (and the page).
      className={cn("group min-w-0", className)}
    >
      <Label className={hideLabel ? "sr-only" : labelClasses}>{label}</Label>
      <AriaButton ref={focus.triggerRef} className={triggerClasses}>
        <SelectValue className="min-w-0 truncate data-[placeholder]:text-ink-muted" />
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
      </AriaButton>
      <FieldHelp description={description} error={error} />
      <Popover ref={focus.popoverRef} className={cn(popoverClasses, "max-w-[calc(100vw-1rem)]")}>
        <ListBox className="max-h-72 outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              className={cn(
                optionClasses,
                "justify-between data-[selected]:font-semibold data-[selected]:text-primary-ink",
              )}
            >
              {({ isSelected }) => (
                <>
                  <span className="truncate">{option.label}</span>
                  {isSelected && <Check aria-hidden="true" className="size-4 shrink-0" />}
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/**
 * A custom-styled multi-select on React Aria's Select (selectionMode "multiple"): the button shows
 * the chosen labels (or "n selected" beyond two), the popover lists the options with check boxes.
 * Enter, Space or ArrowDown opens it, the arrows move, Space or Enter toggles, Escape closes and
 * focus returns to the button. A hidden native <select multiple name> submits one form value per
 * chosen option under `name` (read them with `formData.getAll(name)`).
 */
export function MultiSelect({
  label,
  description,
  error,
  className,
  options,
  name,
  value,
  defaultValue,
  onChange,
  placeholder,
  isRequired,
  isDisabled,
  hideLabel = false,
}: FieldBaseProps & {
  options: SelectOption[];
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  name?: string;
  /** Controlled values. */
  value?: string[];
  defaultValue?: string[];
  onChange?: (values: string[]) => void;
  /** Shown while nothing is chosen; defaults to "Choose one or more". */
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const controlled = value !== undefined ? { value } : {};
  const focus = useFocusButtonOnClose();
  const rootRef = useRef<HTMLDivElement>(null);
  useNativeSelectMatches(rootRef, value ?? defaultValue ?? []);
  return (
    <AriaSelect
      ref={rootRef}
      selectionMode="multiple"
      name={name}
      {...controlled}
      defaultValue={defaultValue ?? []}
      onChange={(keys) => onChange?.(keys.map(String))}
      placeholder={placeholder ?? t("admin.form.chooseSeveral")}
      isRequired={isRequired}
      isDisabled={isDisabled}
      disabledKeys={options.filter((option) => option.disabled).map((option) => option.value)}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      onOpenChange={focus.onOpenChange}
      // min-w-0: long chosen labels truncate instead of widening a grid or flex parent.
      className={cn("group min-w-0", className)}
    >
      <Label className={hideLabel ? "sr-only" : labelClasses}>{label}</Label>
      <AriaButton ref={focus.triggerRef} className={triggerClasses}>
        <SelectValue className="min-w-0 truncate data-[placeholder]:text-ink-muted">
          {({ state, defaultChildren }) => {
            const chosen = new Set(Array.isArray(state.value) ? state.value.map(String) : []);
            if (chosen.size === 0) return defaultChildren;
            if (chosen.size > 2) return t("admin.form.selectedCount", { count: chosen.size });
            return options
              .filter((option) => chosen.has(option.value))
              .map((option) => option.label)
              .join(", ");
          }}
        </SelectValue>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
      </AriaButton>
      <FieldHelp description={description} error={error} />
      <Popover ref={focus.popoverRef} className={cn(popoverClasses, "w-(--trigger-width)")}>
        <ListBox className="max-h-72 outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              className={optionClasses}
            >
              {({ isSelected }) => (
                <>
                  <CheckSquare checked={isSelected} />
                  <span className="min-w-0 py-2 break-words">{option.label}</span>
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/** The drawn box of a checkbox (decorative: the real state lives on the control around it). */
function CheckSquare({
  checked,
  indeterminate = false,
  className,
}: {
  checked: boolean;
  indeterminate?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-5 shrink-0 items-center justify-center rounded border-2 transition-colors",
        checked || indeterminate
          ? "border-primary bg-primary text-on-primary"
          : "border-control bg-surface group-data-[invalid]:border-danger",
        className,
      )}
    >
      {indeterminate ? (
        <Minus className="size-3.5" strokeWidth={3} />
      ) : checked ? (
        <Check className="size-3.5" strokeWidth={3} />
      ) : null}
    </span>
  );
}

type ToggleProps = {
  /** The visible label next to the control. */
  children: ReactNode;
  description?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
};

/**
 * A custom-styled checkbox (a real, visually hidden <input type="checkbox" name value> inside, so
 * Space toggles it and forms submit it: `value` defaults to "on").
 */
export function Checkbox({
  children,
  description,
  error,
  className,
  ...props
}: ToggleProps & Omit<AriaCheckboxProps, "children" | "className" | "isInvalid" | "validationBehavior">) {
  return (
    <div className={className}>
      <AriaCheckbox
        {...props}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
        className="group inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink data-[disabled]:cursor-default data-[disabled]:opacity-60"
      >
        {({ isSelected, isIndeterminate }) => (
          <>
            <CheckSquare
              checked={isSelected}
              indeterminate={isIndeterminate}
              className="group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-focus"
            />
            <span>{children}</span>
          </>
        )}
      </AriaCheckbox>
      {description && <p className={cn(descriptionClasses, "mt-0")}>{description}</p>}
      {error && (
        <p role="alert" className={errorClasses}>
          {error}
        </p>
      )}
    </div>
  );
}

/** An on/off switch (e.g. Published); submits `value` (default "on") under `name` when on. */
export function Switch({
  children,
  description,
  className,
  ...props
}: Omit<ToggleProps, "error"> & Omit<AriaSwitchProps, "children" | "className">) {
  return (
    <div className={className}>
      <AriaSwitch
        {...props}
        className="group inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink data-[disabled]:cursor-default data-[disabled]:opacity-60"
      >
        {/* Track (control colour when off, primary when on) and knob both reach 3:1 in both themes. */}
        <span
          aria-hidden="true"
          className="flex h-6 w-11 shrink-0 items-center rounded-full bg-control p-0.5 transition-colors group-data-[selected]:bg-primary group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-focus"
        >
          <span className="size-5 rounded-full bg-surface shadow-sm transition-transform group-data-[selected]:translate-x-5" />
        </span>
        <span>{children}</span>
      </AriaSwitch>
      {description && <p className={cn(descriptionClasses, "mt-0")}>{description}</p>}
    </div>
  );
}

/** A form-level message (e.g. "Invalid email or password."), announced to screen readers. */
export function FormMessage({
  tone = "error",
  children,
}: {
  tone?: "error" | "success";
  children: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
          : "rounded-lg border border-primary/30 bg-primary-soft px-4 py-3 text-sm font-medium text-on-primary-soft"
      }
    >
      {children}
    </div>
  );
}
