import { describe, expect, it } from "vitest";
import { AdmissionControl, isAdmissionExempt, type Admission } from "./admission-control.ts";

const admitted = (admission: Admission) => {
  if (!admission.admitted) throw new Error(`expected a turn, got ${admission.reason}`);
  return admission;
};

describe("AdmissionControl", () => {
  it("admits up to maxInFlight at once, queues the next ones in order and hands a freed turn to the first waiter", async () => {
    const control = new AdmissionControl({ maxInFlight: 2, maxQueued: 2, maxPerClient: 10, maxWaitMs: 1_000 });
    const first = admitted(await control.admit("a"));
    admitted(await control.admit("b"));
    const order: string[] = [];
    const third = control.admit("c").then((turn) => (order.push("c"), turn));
    const fourth = control.admit("d").then((turn) => (order.push("d"), turn));
    expect(control.queued).toBe(2);
    // The queue is full: the next one is shed at once.
    expect(await control.admit("e")).toEqual({ admitted: false, reason: "SERVER_BUSY" });
    first.release();
    first.release();
    admitted(await third);
    expect(order).toEqual(["c"]);
    expect(control.inFlight).toBe(2);
    expect(control.queued).toBe(1);
    expect(control.shed).toBe(1);
    void fourth;
  });

  it("sheds a waiter whose turn does not come within maxWaitMs", async () => {
    const control = new AdmissionControl({ maxInFlight: 1, maxQueued: 5, maxPerClient: 10, maxWaitMs: 30 });
    const holder = admitted(await control.admit("a"));
    expect(await control.admit("b")).toEqual({ admitted: false, reason: "SERVER_BUSY" });
    expect(control.queued).toBe(0);
    holder.release();
    expect(control.inFlight).toBe(0);
    admitted(await control.admit("b")).release();
  });

  it("caps one client's working and waiting requests, whatever room the others leave", async () => {
    const control = new AdmissionControl({ maxInFlight: 1, maxQueued: 10, maxPerClient: 2, maxWaitMs: 1_000 });
    const one = admitted(await control.admit("attacker"));
    const two = control.admit("attacker");
    expect(await control.admit("attacker")).toEqual({ admitted: false, reason: "TOO_MANY_REQUESTS_FROM_CLIENT" });
    const visitor = control.admit("visitor");
    one.release();
    admitted(await two).release();
    admitted(await visitor).release();
    expect(control.inFlight).toBe(0);
    admitted(await control.admit("attacker")).release();
  });

  it("never holds up health checks, the back-office or assets", () => {
    for (const path of ["/healthz", "/admin", "/admin/login", "/api/admin/stats", "/assets/maplibre-gl/6.17.0/x.js"])
      expect(isAdmissionExempt(path), path).toBe(true);
    for (const path of ["/", "/search", "/api/search", "/business/x", "/administrator"]) expect(isAdmissionExempt(path), path).toBe(false);
  });
});
