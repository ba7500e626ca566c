import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { cn } from "~/lib/cn";

export const inputClasses =
  "block min-h-12 w-full rounded-lg border border-control bg-surface px-3.5 text-base text-ink " +
  "placeholder:text-ink-muted focus:border-primary focus-visible:outline-3 focus-visible:outline-focus " +
  "aria-invalid:border-danger disabled:opacity-60";

/** The small red text under a field (spec section 5). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-xs font-medium text-danger">
      {children}
    </p>
  );
}

/** A labelled input with an optional hint and an error tied to it by aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  name: string;
} & ComponentPropsWithoutRef<"input">) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** Vertical rhythm for the fields of one form. */
export function FieldStack({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("grid gap-5", className)}>{children}</div>;
}
