// Request → the client's address as our HTTP server saw it (throttling, rate limits, audit log, visitor counts).
/** The header our HTTP server sets from the socket (overwriting any client value), so it can be trusted. */
export const CLIENT_IP_HEADER = "x-directory-client-ip";

export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() || "unknown";
}
