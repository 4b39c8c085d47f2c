import type { ActionFunctionArgs } from "@remix-run/node";
import { CLIENT_IP_HEADER } from "~/models/client-ip.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { listContactMessages } from "../../db/queries/admin-messages.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { action as apiAction } from "~/routes/api.contact";
import { action as pageAction } from "~/routes/contact";

const VALID = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Listing correction",
  message: "The opening hours of my shop are wrong.",
  company: "",
  phone: "+44 20 7946 0000",
};

function jsonRequest(body: unknown, headers: Record<string, string> = {}) {
  return new Request("http://directory.test/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://directory.test", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function callApi(body: unknown, ip: string, headers: Record<string, string> = {}) {
  const response = (await apiAction({
    request: jsonRequest(body, { [CLIENT_IP_HEADER]: ip, ...headers }),
    params: {},
    context: {},
  } as ActionFunctionArgs)) as Response;
  return {
    response,
    json: (await response.json()) as { success: boolean; code?: string; error?: { code: string; message: string; fields?: Record<string, string> } },
  };
}

describe(`contact messages on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;

  beforeAll(async () => {
    // The routes use the process-wide handle from the environment: point it at a fresh database.
    database = await useFreshProcessDatabase("contact");
    handle = database.handle;
  });
  afterAll(async () => {
    await database?.release();
  });

  it("POST /api/contact stores a valid message with a salted IP hash, never the address", async () => {
    const { response, json } = await callApi(VALID, "203.0.113.7");
    expect(response.status).toBe(200);
    expect(json).toMatchObject({ success: true, code: "MESSAGE_SENT" });
    const [stored] = await listContactMessages(handle, { limit: 1 });
    expect(stored).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Listing correction",
      company: null,
      phone: "+44 20 7946 0000",
    });
    const [{ ip_hash: ipHash } = { ip_hash: null }] = await handle.query<{ ip_hash: string | null }>(
      "select ip_hash from contact_messages where id = $1",
      [stored?.id],
    );
    expect(ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(ipHash).not.toContain("203.0.113.7");
  });

  it("answers 400 with the spec's message for every invalid field", async () => {
    const { response, json } = await callApi({ name: "A", email: "not-an-email", subject: "Hey", message: "short" }, "203.0.113.8");
    expect(response.status).toBe(400);
    expect(json.error?.code).toBe("VALIDATION_FAILED");
    expect(json.error?.fields).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Subject must be at least 5 characters",
      message: "Message must be at least 10 characters",
    });
    const missing = await callApi({}, "203.0.113.8");
    expect(Object.keys(missing.json.error?.fields ?? {}).sort()).toEqual(["email", "message", "name", "subject"]);
    const notJson = await callApi("{oops", "203.0.113.8");
    expect(notJson.response.status).toBe(400);
    expect(notJson.json.error?.code).toBe("INVALID_JSON");
  });

  it("drops honeypot submissions silently: success for the bot, nothing stored", async () => {
    const before = (await listContactMessages(handle, { limit: 500 })).length;
    const { response, json } = await callApi({ ...VALID, subject: "Cheap pills here", website: "http://spam.example" }, "198.51.100.1");
    expect(response.status).toBe(200);
    expect(json.success).toBe(true);
    const after = await listContactMessages(handle, { limit: 500 });
    expect(after.length).toBe(before);
    expect(after.some((row) => row.subject === "Cheap pills here")).toBe(false);
  });

  it("limits one sender to 5 messages an hour (429 with Retry-After), other senders unaffected", async () => {
    const ip = "192.0.2.55";
    for (let i = 1; i <= 5; i++) {
      const { response } = await callApi({ ...VALID, subject: `Burst message ${i}` }, ip);
      expect(response.status).toBe(200);
    }
    const { response, json } = await callApi({ ...VALID, subject: "Burst message 6" }, ip);
    expect(response.status).toBe(429);
    expect(json.error?.code).toBe("RATE_LIMITED");
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const stored = await listContactMessages(handle, { limit: 500 });
    expect(stored.filter((row) => row.subject.startsWith("Burst message")).length).toBe(5);
    expect((await callApi({ ...VALID, subject: "Another sender" }, "192.0.2.56")).response.status).toBe(200);
  });

  it("holds the limit under concurrent requests from one sender", async () => {
    const ip = "192.0.2.77";
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => callApi({ ...VALID, subject: `Parallel message ${i}` }, ip)));
    expect(answers.filter((answer) => answer.response.status === 200).length).toBe(5);
    expect(answers.filter((answer) => answer.response.status === 429).length).toBe(3);
  });

  it("refuses a post from another site's page (403) and keeps nothing", async () => {
    const { response, json } = await callApi({ ...VALID, subject: "Cross-site post" }, "203.0.113.9", { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(json.error?.code).toBe("FORBIDDEN_ORIGIN");
    expect((await listContactMessages(handle, { limit: 500 })).some((row) => row.subject === "Cross-site post")).toBe(false);
  });

  it("the /contact page action returns the entered values and field errors on failure, and stores on success", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...VALID, email: "nope" })) form.set(key, value);
    const request = new Request("http://directory.test/contact", {
      method: "POST",
      body: form,
      headers: { Origin: "http://directory.test", [CLIENT_IP_HEADER]: "203.0.113.20" },
    });
    const failed = (await pageAction({ request, params: {}, context: {} } as ActionFunctionArgs)) as Response;
    expect(failed.status).toBe(400);
    const failedBody = (await failed.json()) as { code: string; fieldErrors: Record<string, string>; values: Record<string, string> };
    expect(failedBody.fieldErrors).toEqual({ email: "Please enter a valid email address" });
    expect(failedBody.values).toMatchObject({ name: "Ada Lovelace", email: "nope", message: VALID.message });

    form.set("email", "ada@example.com");
    form.set("subject", "Sent from the page");
    const okRequest = new Request("http://directory.test/contact", { method: "POST", body: form, headers: { [CLIENT_IP_HEADER]: "203.0.113.20" } });
    const ok = (await pageAction({ request: okRequest, params: {}, context: {} } as ActionFunctionArgs)) as Response;
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, code: "MESSAGE_SENT", values: null });
    expect((await listContactMessages(handle, { limit: 1 }))[0]?.subject).toBe("Sent from the page");
  });
});
