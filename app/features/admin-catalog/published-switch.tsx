import { useFetcher } from "react-router";
import { Switch } from "~/components/admin/form-fields";

/** An inline Published switch in a list row: posts `intent=publish` with the id and the new state. */
export function PublishedSwitch({
  id,
  published,
  label,
  disabled = false,
}: {
  id: string;
  published: boolean;
  /** Accessible name, e.g. "Published: Watercolour for Beginners". */
  label: string;
  disabled?: boolean;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData ? fetcher.formData.get("published") === "true" : published;
  return (
    <Switch
      aria-label={label}
      isSelected={pending}
      isDisabled={disabled}
      onChange={(next) =>
        fetcher.submit({ intent: "publish", id, published: String(next) }, { method: "post" })
      }
    >
      <span className="sr-only">{label}</span>
    </Switch>
  );
}
