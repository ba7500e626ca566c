import { AppError } from "../../lib/errors";
import { requireStaff } from "../../plugins/auth";
import type { ActingStaff } from "../orders/order-admin-records";
import { POS_RULES, type PosDevice, type PosService } from "./pos.service";

type PosRequest = Parameters<typeof requireStaff>[0];
type PinCheck = Pick<PosService, "cashier" | "confirmPin">;

/** The shared device: signed in by a staff member whose role allows the POS at this level. */
export async function posDevice(request: PosRequest, level: "read" | "write"): Promise<PosDevice> {
  const principal = await requireStaff(request, "pos", level);
  return { companyId: request.company.id, principal, ip: request.ip };
}

/** The device and the cashier identified on it by PIN (401 without one); sales and returns need one. */
export async function posCashier(
  request: PosRequest,
  pos: Pick<PosService, "cashier">,
  options: { mayRefund: boolean } = { mayRefund: false },
): Promise<{ device: PosDevice; cashier: ActingStaff & { name: string } }> {
  const device = await posDevice(request, "write");
  const cashier = await pos.cashier(device);
  if (!cashier) throw new AppError(401, "NO_CASHIER", POS_RULES.noCashier);
  return {
    device,
    cashier: { id: cashier.id, name: cashier.name, email: cashier.email, mayRefund: options.mayRefund },
  };
}

/**
 * A POS action that changes data and needs the cashier (parking, the kitchen, removing a parked
 * order): the cashier, and their PIN again when the POS setting asks for it before every action —
 * the check a sale and a return make (`confirmPin`).
 */
export async function posCashierAction(request: PosRequest, pos: PinCheck, pin: string | undefined) {
  const identified = await posCashier(request, pos);
  await pos.confirmPin(identified.device, identified.cashier.id, pin);
  return identified;
}

/** A POS action that changes data without a cashier of its own (adding a customer): the PIN when asked. */
export async function posDeviceAction(request: PosRequest, pos: PinCheck, pin: string | undefined) {
  const device = await posDevice(request, "write");
  await pos.confirmPin(device, null, pin);
  return device;
}
