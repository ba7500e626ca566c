import { IMAGE_MESSAGES } from "~server/modules/media/image-store";
import { ROLE_RULES } from "~server/modules/staff/roles.service";
import { STAFF_RULES } from "~server/modules/staff/staff.service";
import { CURRENT_PASSWORD_WRONG } from "~server/modules/staff/staff-account.service";
import { ONBOARDING_MESSAGES } from "~server/modules/staff/staff-onboarding.service";

/** A deliberate error of the services (checked by shape: the server bundle has its own AppError). */
export function isClientError(error: unknown): error is Error & { status: number; code: string } {
  const candidate = error as { status?: unknown; code?: unknown } | null;
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof candidate?.status === "number" &&
    candidate.status < 500 &&
    typeof candidate.code === "string"
  );
}

const byMessage: Record<string, string> = {
  [STAFF_RULES.deleteSelf]: "adminStaff.errors.deleteSelf",
  [STAFF_RULES.deactivateSelf]: "adminStaff.errors.deactivateSelf",
  [STAFF_RULES.changeOwnRole]: "adminStaff.errors.changeOwnRole",
  [STAFF_RULES.lastSuperAdmin]: "adminStaff.errors.lastSuperAdmin",
  [STAFF_RULES.superAdminOnly]: "adminStaff.errors.superAdminOnly",
  [STAFF_RULES.emailTaken]: "adminStaff.errors.emailTaken",
  [ROLE_RULES.superAdminLocked]: "adminStaff.errors.superAdminLocked",
  [ONBOARDING_MESSAGES.closed]: "adminStaff.signup.errors.closed",
  [ONBOARDING_MESSAGES.invitationInvalid]: "adminStaff.signup.errors.invitationInvalid",
  [ONBOARDING_MESSAGES.invitationExpired]: "adminStaff.signup.errors.invitationExpired",
  [ONBOARDING_MESSAGES.invitationUsed]: "adminStaff.signup.errors.invitationUsed",
  [ONBOARDING_MESSAGES.invitationRevoked]: "adminStaff.signup.errors.invitationRevoked",
  [ONBOARDING_MESSAGES.noPendingInvitation]: "adminStaff.invitations.notPending",
  [ONBOARDING_MESSAGES.emailMismatch]: "adminStaff.signup.errors.emailMismatch",
  [CURRENT_PASSWORD_WRONG]: "adminStaff.profile.errors.currentWrong",
  [IMAGE_MESSAGES.type]: "adminStaff.profile.errors.imageType",
  [IMAGE_MESSAGES.size]: "adminStaff.profile.errors.imageSize",
};

/** The i18n key of a staff service's deliberate error; anything else is rethrown for the error boundary. */
export function staffErrorKey(error: unknown): string {
  if (!isClientError(error)) throw error;
  return byMessage[error.message] ?? "adminStaff.errors.generic";
}
