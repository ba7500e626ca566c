import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AREAS } from "~shared/permissions";
import { requireStaff } from "../../plugins/auth";
import { ErrorResponse } from "../../plugins/openapi";
import {
  AdminCreateStaff,
  AdminInviteStaff,
  AdminListStaffQuery,
  AdminUpdateStaff,
  Invitation,
  InvitationParams,
  Message,
  PendingInvitationList,
  Role,
  RoleList,
  RoleParams,
  StaffList,
  StaffMember,
  StaffParams,
  UpdateRoleBody,
} from "./staff.schemas";
import type { StaffPrincipal } from "./staff-access";

const TAG = "Our staff";
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

const actorOf = (principal: StaffPrincipal) => ({
  staffId: principal.staffId,
  email: principal.email,
  role: principal.role,
});

/** The staff list, invitations and the roles' permission matrix (area "staff"). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffMembers, staffRoles, staffOnboarding } = app.services;

  app.get(
    "/admin/staff",
    {
      schema: {
        tags: [TAG],
        summary: "Staff members: search (name, email, contact number), role and status filters, sort",
        security,
        querystring: AdminListStaffQuery,
        response: { 200: StaffList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "staff", "read");
      return staffMembers.list(request.company.id, request.query);
    },
  );

  app.post(
    "/admin/staff",
    {
      schema: {
        tags: [TAG],
        summary: "Create a staff account with a password",
        security,
        body: AdminCreateStaff,
        response: { 201: StaffMember, ...errors, 409: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const principal = await requireStaff(request, "staff", "write");
      const created = await staffMembers.create(request.company.id, actorOf(principal), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/admin/staff/:id",
    {
      schema: {
        tags: [TAG],
        summary: "One staff member",
        security,
        params: StaffParams,
        response: { 200: StaffMember, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      await requireStaff(request, "staff", "read");
      return staffMembers.get(request.company.id, request.params.id);
    },
  );

  app.put(
    "/admin/staff/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Change a staff member's role, status, contact number or name",
        description:
          "Nobody changes their own role or deactivates themselves; the last active Super Admin stays one; " +
          "only a Super Admin gives or takes the Super Admin role. Deactivation ends the member's sessions.",
        security,
        params: StaffParams,
        body: AdminUpdateStaff,
        response: { 200: StaffMember, ...errors, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const principal = await requireStaff(request, "staff", "write");
      return staffMembers.update(request.company.id, actorOf(principal), request.params.id, request.body);
    },
  );

  app.delete(
    "/admin/staff/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Delete a staff account (never your own, never the last active Super Admin)",
        security,
        params: StaffParams,
        response: { 200: Message, ...errors, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const principal = await requireStaff(request, "staff", "write");
      await staffMembers.remove(request.company.id, actorOf(principal), request.params.id);
      return { message: "The staff member has been deleted." };
    },
  );

  app.post(
    "/admin/staff/invitations",
    {
      schema: {
        tags: [TAG],
        summary: "Invite someone by email: mails a /signup?invitation= link valid for 7 days",
        security,
        body: AdminInviteStaff,
        response: { 201: Invitation, ...errors, 409: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const principal = await requireStaff(request, "staff", "write");
      const invitation = await staffOnboarding.invite(request.company.id, actorOf(principal), request.body, {
        origin: request.schoolOrigin,
        language: request.language,
      });
      return reply.status(201).send(invitation);
    },
  );

  app.get(
    "/admin/staff/invitations",
    {
      schema: {
        tags: [TAG],
        summary: "Pending invitations (not accepted or withdrawn; expired ones flagged), newest first",
        security,
        response: { 200: PendingInvitationList, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request, "staff", "read");
      return { items: await staffOnboarding.pendingInvitations(request.company.id) };
    },
  );

  app.post(
    "/admin/staff/invitations/:id/resend",
    {
      schema: {
        tags: [TAG],
        summary: "Send a pending invitation again: a new link valid for 7 days; the old link stops working",
        security,
        params: InvitationParams,
        response: { 200: Invitation, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      const principal = await requireStaff(request, "staff", "write");
      return staffOnboarding.resendInvitation(request.company.id, actorOf(principal), request.params.id, {
        origin: request.schoolOrigin,
        language: request.language,
      });
    },
  );

  app.delete(
    "/admin/staff/invitations/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Withdraw a pending invitation: its link then says it was withdrawn",
        security,
        params: InvitationParams,
        response: { 200: Message, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => {
      const principal = await requireStaff(request, "staff", "write");
      await staffOnboarding.revokeInvitation(request.company.id, actorOf(principal), request.params.id);
      return { message: "The invitation has been withdrawn." };
    },
  );

  app.get(
    "/admin/roles",
    {
      schema: {
        tags: [TAG],
        summary: "Roles and their permission matrix (area → none | read | write)",
        security,
        response: { 200: RoleList, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      await requireStaff(request, "staff", "read");
      return { roles: await staffRoles.list(request.company.id), areas: [...AREAS] };
    },
  );

  app.put(
    "/admin/roles/:id",
    {
      schema: {
        tags: [TAG],
        summary: "Replace a role's permission matrix (the Super Admin role cannot be lowered)",
        security,
        params: RoleParams,
        body: UpdateRoleBody,
        response: { 200: Role, ...errors, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const principal = await requireStaff(request, "staff", "write");
      return staffRoles.update(request.company.id, actorOf(principal), request.params.id, request.body);
    },
  );
};
