import { TaxZoneInput } from "~server/modules/taxes/taxes.schemas";
import { deleteIdsOf, formText, invalid, runWrite, type WriteResult } from "./admin-write.server";

/** A chosen place: a country id, or "countryId|stateId" for one state of it. */
const memberOf = (value: string) => {
  const [countryId = "", stateId] = value.split("|");
  return { countryId, stateId: stateId ?? null };
};

/** The writes of a kind of zone (tax or shipping zones share their shape). */
interface ZoneWrites {
  create: (input: TaxZoneInput) => Promise<unknown>;
  update: (id: string, input: TaxZoneInput) => Promise<unknown>;
  delete: (ids: string[]) => Promise<unknown>;
}

/** The action of a zone list page: create, update, delete or bulk-delete from its form. */
export function zoneFormAction(form: FormData, writes: ZoneWrites): Promise<WriteResult> | WriteResult {
  const intent = formText(form, "intent");
  const ids = deleteIdsOf(form, intent);
  if (ids) return runWrite(intent, () => writes.delete(ids));
  const parsed = TaxZoneInput.safeParse({
    name: formText(form, "name"),
    members: form.getAll("members").map((value) => memberOf(String(value))),
  });
  if (!parsed.success) return invalid(intent, parsed.error.issues);
  if (intent === "update") return runWrite(intent, () => writes.update(formText(form, "id"), parsed.data));
  return runWrite("create", () => writes.create(parsed.data));
}
