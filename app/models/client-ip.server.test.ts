import { describe, expect, it } from "vitest";
import { throttleAddressKey } from "./client-ip.server";

describe("throttleAddressKey", () => {
  it("keeps IPv4 addresses and unwraps IPv4-mapped IPv6 ones", () => {
    expect(throttleAddressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(throttleAddressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(throttleAddressKey("::FFFF:cb00:7109")).toBe("203.0.113.9");
  });

  it("counts every address of one IPv6 /64 as one", () => {
    const key = "2001:db8:0:1::/64";
    expect(throttleAddressKey("2001:db8:0:1::1")).toBe(key);
    expect(throttleAddressKey("2001:0DB8:0000:0001:dead:beef:0:7")).toBe(key);
    expect(throttleAddressKey("2001:db8:0:1:ffff:ffff:ffff:ffff%eth0")).toBe(key);
    expect(throttleAddressKey("2001:db8:0:2::1")).not.toBe(key);
    expect(throttleAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(throttleAddressKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("passes anything else through", () => {
    expect(throttleAddressKey("unknown")).toBe("unknown");
    expect(throttleAddressKey("not:an:address")).toBe("not:an:address");
  });
});
