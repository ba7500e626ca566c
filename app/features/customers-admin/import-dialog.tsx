import { FileUp, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { FormDialog } from "~/components/admin/form-dialog";
import { FormMessage } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { checkImportFile, IMPORT_HEADERS, type ImportProblem, problemsFromApi } from "./customer-import";

/** The all-or-nothing import endpoint (spec: POST /api/customer/add/all). */
const IMPORT_URL = "/api/customer/add/all";

type Phase = "idle" | "reading" | "validating" | "sending" | "done" | "failed";

/** Reading is the first 30 %, checking the next 10 %, uploading the rest. */
const overall = (phase: Phase, fraction: number) =>
  Math.round(
    phase === "reading" ? fraction * 30 : phase === "validating" ? 30 + fraction * 10 : 40 + fraction * 60,
  );

function readFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

function upload(
  body: unknown,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; json: { message?: string; details?: unknown; count?: number } }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", IMPORT_URL);
    request.setRequestHeader("content-type", "application/json");
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let json = {};
      try {
        json = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the status tells enough.
      }
      resolve({ status: request.status, json });
    };
    request.onerror = () => reject(new Error("network"));
    request.send(JSON.stringify(body));
  });
}

/**
 * CSV import of customers: the file is read and checked in the browser (row-level errors at once),
 * then sent in one all-or-nothing request. A progress bar follows reading, checking and sending;
 * a rejected import lists each row's problem and writes nothing.
 */
export function ImportCustomersDialog() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const fileId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const busy = phase === "reading" || phase === "validating" || phase === "sending";

  const reset = () => {
    setFile(null);
    setPhase("idle");
    setProgress(0);
    setProblems([]);
  };

  const fail = (list: ImportProblem[]) => {
    setProblems(list);
    setPhase("failed");
  };

  const start = async () => {
    if (!file) return;
    setProblems([]);
    try {
      setPhase("reading");
      setProgress(0);
      const text = await readFile(file, (fraction) => setProgress(overall("reading", fraction)));
      setPhase("validating");
      setProgress(overall("validating", 0));
      const check = checkImportFile(text);
      setProgress(overall("validating", 1));
      if (!check.ok) return fail(check.problems);
      setPhase("sending");
      const { status, json } = await upload(check.rows, (fraction) =>
        setProgress(overall("sending", fraction)),
      );
      if (status === 201) {
        setProgress(100);
        setPhase("done");
        notify.success(t("adminCustomers.import.done", { count: json.count ?? check.rows.length }));
        revalidator.revalidate();
        setOpen(false);
        reset();
        return;
      }
      if (status === 400) return fail(problemsFromApi(json.details, check.lines, json.message ?? ""));
      return fail([{ row: 0, message: json.message ?? t("adminCustomers.import.errors.failed") }]);
    } catch {
      fail([{ row: 0, key: "failed" }]);
    }
  };

  const phaseLabel =
    phase === "idle" || phase === "failed" ? null : t(`adminCustomers.import.phase.${phase}`);

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {t("adminCustomers.import.open")}
      </Button>
      <FormDialog
        title={t("adminCustomers.import.title")}
        closeLabel={t("adminCustomers.close")}
        isOpen={open}
        busy={busy}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) reset();
        }}
      >
        <div className="grid gap-5">
          <p className="text-sm text-ink-muted">
            {t("adminCustomers.import.help", { headers: IMPORT_HEADERS.join(",") })}
          </p>
          <div>
            <label htmlFor={fileId} className="mb-1.5 block text-sm font-semibold text-ink">
              {t("adminCustomers.import.file")}
            </label>
            <input
              ref={inputRef}
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPhase("idle");
                setProblems([]);
                setProgress(0);
              }}
              className="block w-full rounded-lg border border-line bg-surface text-sm text-ink file:mr-3 file:min-h-11 file:border-0 file:bg-sunken file:px-4 file:font-semibold file:text-ink hover:file:bg-primary-soft focus-visible:outline-3 focus-visible:outline-focus"
            />
          </div>

          {phase !== "idle" && (
            <div className="grid gap-1.5">
              <div className="flex justify-between text-sm">
                <span className="font-medium text-ink" aria-live="polite">
                  {phase === "failed" ? t("adminCustomers.import.phase.failed") : phaseLabel}
                </span>
                <span className="text-ink-muted">{progress} %</span>
              </div>
              <div
                role="progressbar"
                aria-label={t("adminCustomers.import.progress")}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2.5 overflow-hidden rounded-full bg-sunken"
              >
                <div
                  className={phase === "failed" ? "h-full bg-danger" : "h-full bg-primary transition-[width]"}
                  style={{ width: `${progress}%` }}
                />
              </div>
            </div>
          )}

          {problems.length > 0 && (
            <section aria-labelledby={`${fileId}-report`} className="grid gap-2">
              <FormMessage>{t("adminCustomers.import.rejected", { count: problems.length })}</FormMessage>
              <h3 id={`${fileId}-report`} className="text-sm font-semibold text-ink">
                {t("adminCustomers.import.report")}
              </h3>
              <ul className="max-h-60 divide-y divide-line overflow-y-auto rounded-lg border border-line text-sm">
                {problems.map((problem, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row can have several problems
                  <li key={index} className="flex gap-3 px-3 py-2">
                    <span className="shrink-0 font-semibold text-ink">
                      {problem.row > 0
                        ? t("adminCustomers.import.row", { row: problem.row })
                        : t("adminCustomers.import.file")}
                    </span>
                    <span className="text-danger">
                      {problem.key
                        ? t(`adminCustomers.import.errors.${problem.key}`, {
                            ...problem.values,
                            field: problem.values?.field
                              ? t(`adminCustomers.fields.${problem.values.field}`)
                              : undefined,
                          })
                        : problem.message}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              {t("adminCustomers.cancel")}
            </Button>
            <Button onClick={start} disabled={!file || busy}>
              <FileUp aria-hidden="true" />
              {busy ? t("adminCustomers.import.busy") : t("adminCustomers.import.start")}
            </Button>
          </div>
        </div>
      </FormDialog>
    </>
  );
}
