import type { ComponentPropsWithoutRef } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

export type ButtonVariant = "primary" | "accent" | "secondary" | "ghost" | "inverse";
export type ButtonSize = "md" | "lg";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap " +
  "transition-[background-color,color,box-shadow,translate] duration-150 select-none " +
  "disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-5 [&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-on-primary shadow-sm hover:bg-primary-hover",
  accent: "bg-accent text-on-accent shadow-sm hover:bg-accent-hover",
  secondary: "border border-line bg-surface text-ink hover:border-primary-ink hover:text-primary-ink",
  ghost: "text-ink hover:bg-sunken",
  inverse: "bg-on-inverse text-inverse hover:bg-white",
};

const sizes: Record<ButtonSize, string> = {
  md: "px-4 text-sm",
  lg: "min-h-12 px-6 text-base",
};

/** The utilities of a button of this variant and size. */
export function buttonUtilities(variant: ButtonVariant, size: ButtonSize): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}

/**
 * Variants and sizes that have one class of app.css holding exactly their utilities (the same CSS
 * rules, button.test.ts checks it): a course card's Enroll button is one, repeated on every card
 * of a list page (decision 013, seventh pass). Only without a `className`, whose utilities could
 * conflict with the ones inside the class.
 */
const ONE_CLASS: Partial<Record<`${ButtonVariant} ${ButtonSize}`, string>> = {
  "accent md": "button-accent-md",
};

export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}) {
  if (!className) {
    const single = ONE_CLASS[`${variant} ${size}`];
    if (single) return single;
  }
  return cn(base, variants[variant], sizes[size], className);
}

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: StyleProps & ComponentPropsWithoutRef<"button">) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

/** A link that looks like a button (in-app navigation). */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: StyleProps & ComponentPropsWithoutRef<typeof Link>) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}
