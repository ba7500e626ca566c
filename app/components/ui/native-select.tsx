import { ChevronDown } from "lucide-react";
import type { ComponentPropsWithoutRef } from "react";
import { cn } from "~/lib/cn";

/**
 * A native <select> styled like the other fields: the browser keeps its full keyboard,
 * touch and screen-reader behaviour. Give it a <label htmlFor> or aria-label.
 */
export function NativeSelect({ className, children, ...props }: ComponentPropsWithoutRef<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select
        className="min-h-11 w-full cursor-pointer appearance-none rounded-lg border border-control bg-surface py-2 pr-10 pl-3 text-sm text-ink shadow-sm transition-colors hover:border-primary-ink"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted"
      />
    </div>
  );
}
