import type { Db } from "../../db/client";
import { withDeps } from "../../lib/with-deps";
import { createPasswordReset } from "../auth/password-reset";
import { type ClientInfo, createPasswordCheck, INVALID_CREDENTIALS } from "../auth/sign-in";
import { login, logout, register, startGuest } from "./customer-accounts";
import {
  createCustomer,
  customerOrders,
  importCustomers,
  listCustomers,
  removeCustomer,
} from "./customer-admin";
import { claimPurchases, registerCustomerClaimMail } from "./customer-claims";
import {
  changePassword,
  registerCustomerResetMail,
  requestPasswordReset,
  resetPassword,
  setCustomerPasswordHash,
} from "./customer-passwords";
import { deleteOwnAccount, exportCustomerData } from "./customer-privacy";
import { customerOverview, getCustomer, updateCustomer, updateProfile } from "./customer-profile";
import type { CustomerServiceDeps, CustomerSteps } from "./customer-records";
import { registerSignInLinkMail, requestSignInLink, signInWithLink } from "./customer-sign-in-links";

export { FORGOT_PASSWORD_ANSWER, RESET_MESSAGES, RESET_TOKEN_LIFETIME_MS } from "../auth/password-reset";
export type { MailContext, SignedIn } from "./customer-accounts";
export { CLAIM_MESSAGES } from "./customer-claims";
export { CURRENT_PASSWORD_MISSING, CURRENT_PASSWORD_WRONG, PASSWORD_EMAIL_TAKEN } from "./customer-passwords";
export type { CustomerServiceDeps, StaffActor } from "./customer-records";
export { SIGN_IN_LINK_MESSAGES } from "./customer-sign-in-links";
export type { ClientInfo };
export { INVALID_CREDENTIALS };

/**
 * Customer accounts: sign-up (claiming rows made by guest checkouts or imports), sign-in,
 * passwords and reset links, the learner's own record, and the staff's customer list. Each part is
 * a file of steps (customer-accounts, customer-passwords, customer-profile, customer-admin).
 */
export function createCustomerService(db: Db, deps: CustomerServiceDeps) {
  const steps: CustomerSteps = {
    ...deps,
    db,
    // Without an account (or a password), a decoy hash is verified: a miss costs as much as a hit.
    passwordMatches: createPasswordCheck(),
    passwordReset: createPasswordReset(db, {
      sessions: deps.sessions,
      attemptLimits: deps.attemptLimits,
      realm: "customer",
      setPasswordHash: setCustomerPasswordHash,
    }),
  };
  registerCustomerResetMail(steps);
  registerCustomerClaimMail(steps);
  registerSignInLinkMail(steps);
  return {
    register: withDeps(steps, register),
    login: withDeps(steps, login),
    logout: withDeps(steps, logout),
    startGuest: withDeps(steps, startGuest),
    claimPurchases: withDeps(steps, claimPurchases),
    requestSignInLink: withDeps(steps, requestSignInLink),
    signInWithLink: withDeps(steps, signInWithLink),
    requestPasswordReset: withDeps(steps, requestPasswordReset),
    resetPassword: withDeps(steps, resetPassword),
    changePassword: withDeps(steps, changePassword),
    get: withDeps(steps, getCustomer),
    update: withDeps(steps, updateCustomer),
    updateProfile: withDeps(steps, updateProfile),
    list: withDeps(steps, listCustomers),
    create: withDeps(steps, createCustomer),
    importAll: withDeps(steps, importCustomers),
    remove: withDeps(steps, removeCustomer),
    orders: withDeps(steps, customerOrders),
    overview: withDeps(steps, customerOverview),
    exportData: withDeps(steps, exportCustomerData),
    deleteOwnAccount: withDeps(steps, deleteOwnAccount),
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
