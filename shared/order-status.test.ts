import { describe, expect, it } from "vitest";
import { canTransition, transitionError } from "./order-status";

describe("order status transitions", () => {
  it("allows the forward path and cancelling until cancelled", () => {
    expect(canTransition("pending", "processing")).toBe(true);
    expect(canTransition("processing", "delivered")).toBe(true);
    expect(canTransition("pending", "cancel")).toBe(true);
    expect(canTransition("processing", "cancel")).toBe(true);
    expect(canTransition("delivered", "cancel")).toBe(true);
  });

  it("refuses skipping, going back, staying and leaving cancel", () => {
    expect(canTransition("pending", "delivered")).toBe(false);
    expect(canTransition("delivered", "processing")).toBe(false);
    expect(canTransition("processing", "processing")).toBe(false);
    expect(canTransition("cancel", "pending")).toBe(false);
  });

  it("explains a refusal", () => {
    expect(transitionError("pending", "delivered")).toBe(
      "A Pending order can only be changed to Processing or Cancel, not to Delivered.",
    );
    expect(transitionError("cancel", "pending")).toBe("A cancelled order cannot be changed.");
    expect(transitionError("delivered", "delivered")).toBe("This order is already Delivered.");
  });
});
