import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { accountMeta } from "~/features/accounts/page-meta";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/user-family";
import { FamilyProgress } from "./family-progress";
import type { FamilyActionResult } from "./user-family.server";

export { action, loader } from "./user-family.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.family.metaTitle");

const input = "min-h-11 rounded-lg border border-line bg-surface px-3 text-ink";

/** My family: learner profiles (children), learning as a child, and the seats of group purchases. */
export default function UserFamily({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<FamilyActionResult>();
  const busy = useNavigation().state !== "idle";
  const { learners, learningAs, seats, self } = loaderData;
  const courses = [...new Map(seats.map((seat) => [seat.courseId, seat.courseTitle])).entries()];
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t("accounts.family.title")}</h1>
      <p className="mt-2 text-ink-muted">{t("accounts.family.intro")}</p>
      {result?.error && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-danger p-3 text-sm font-semibold text-danger"
        >
          {t(`accounts.family.errors.${result.error}`)}
        </p>
      )}

      <section aria-labelledby="learners-title" className="mt-8">
        <h2 id="learners-title" className="text-xl font-bold text-ink">
          {t("accounts.family.learnersTitle")}
        </h2>
        {learners.length === 0 && (
          <p className="mt-2 text-sm text-ink-muted">{t("accounts.family.noLearners")}</p>
        )}
        <ul className="mt-3 grid gap-2">
          {learners.map((learner) => (
            <li
              key={learner.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-3"
            >
              <span className="font-semibold text-ink">
                {learner.name}
                {learner.birthYear ? ` (${learner.birthYear})` : ""}
              </span>
              {learningAs === learner.id ? (
                <span className="text-sm font-semibold text-primary-ink">{t("accounts.family.current")}</span>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="learn-as" />
                  <input type="hidden" name="learnerId" value={learner.id} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    {t("accounts.family.learnAs", { name: learner.name })}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-learner" />
          <label className="grid gap-1 text-sm font-semibold text-ink">
            {t("accounts.family.childName")}
            <input name="name" required maxLength={120} className={input} />
          </label>
          <label className="grid gap-1 text-sm font-semibold text-ink">
            {t("accounts.family.birthYear")}
            <input name="birthYear" type="number" min={1900} max={2100} className={`${input} w-32`} />
          </label>
          <Button type="submit" variant="primary" disabled={busy}>
            {t("accounts.family.addChild")}
          </Button>
        </Form>
      </section>

      <FamilyProgress learners={learners} headingId="family-progress-title" />

      <section aria-labelledby="seats-title" className="mt-8">
        <h2 id="seats-title" className="text-xl font-bold text-ink">
          {t("accounts.family.seatsTitle")}
        </h2>
        {seats.length === 0 && <p className="mt-2 text-sm text-ink-muted">{t("accounts.family.noSeats")}</p>}
        {courses.map(([courseId, title]) => {
          const ofCourse = seats.filter((seat) => seat.courseId === courseId);
          const free = ofCourse.filter((seat) => !seat.learner).length;
          return (
            <div key={courseId} className="mt-4 rounded-2xl border border-line bg-surface p-4 shadow-card">
              <h3 className="font-bold text-ink">{title}</h3>
              <p className="text-sm text-ink-muted">
                {t("accounts.family.seatCount", { count: ofCourse.length, free })}
              </p>
              <ul className="mt-2 grid gap-2" aria-label={t("accounts.family.seatsOf", { title })}>
                {ofCourse.map((seat) => (
                  <li
                    key={seat.id}
                    className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink"
                  >
                    {seat.learner ? (
                      <>
                        <span>
                          {t("accounts.family.assignedTo", {
                            name: seat.learner.name,
                          })}
                          {seat.learner.email ? ` (${seat.learner.email})` : ""}
                        </span>
                        {seat.learner.started ? (
                          <span className="text-ink-muted">{t("accounts.family.started")}</span>
                        ) : (
                          <Form method="post">
                            <input type="hidden" name="intent" value="unassign" />
                            <input type="hidden" name="seatId" value={seat.id} />
                            <Button type="submit" variant="ghost" disabled={busy}>
                              {t("accounts.family.unassign", { name: seat.learner.name })}
                            </Button>
                          </Form>
                        )}
                      </>
                    ) : (
                      <span className="font-semibold">{t("accounts.family.unassigned")}</span>
                    )}
                  </li>
                ))}
              </ul>
              {free > 0 && (
                <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                  <input type="hidden" name="intent" value="assign" />
                  <input type="hidden" name="courseId" value={courseId} />
                  <label className="grid gap-1 text-sm font-semibold text-ink">
                    {t("accounts.family.assignTo")}
                    <select name="learner" className={input} defaultValue={learners[0]?.id ?? "email"}>
                      {learners.map((learner) => (
                        <option key={learner.id} value={learner.id}>
                          {learner.name}
                        </option>
                      ))}
                      <option value={self.id}>{t("accounts.family.myself", { name: self.name })}</option>
                      <option value="email">{t("accounts.family.byEmail")}</option>
                    </select>
                  </label>
                  <label className="grid gap-1 text-sm font-semibold text-ink">
                    {t("accounts.family.learnerEmail")}
                    <input name="email" type="email" className={input} />
                  </label>
                  <Button type="submit" variant="primary" disabled={busy}>
                    {t("accounts.family.assign", { title })}
                  </Button>
                </Form>
              )}
            </div>
          );
        })}
      </section>
    </div>
  );
}
