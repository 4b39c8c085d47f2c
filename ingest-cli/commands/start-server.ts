// Built Remix app → an HTTP server: compression, immutable hashed assets, short-lived public files, the app.
import path from "node:path";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export async function startHttpServer(options: { root: string; port: number; host: string }): Promise<RunningServer> {
  const buildPath = path.join(options.root, "build", "index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(compression());
  // The app reads the client address from this header (login throttling, audit log); set from the socket
  // (or a loopback proxy's X-Forwarded-For), it overwrites whatever a client sent under that name.
  app.use((req, _res, next) => {
    req.headers["x-directory-client-ip"] = req.ip ?? "unknown";
    next();
  });
  // Fingerprinted by the compiler: safe to cache forever.
  app.use("/build", express.static(path.join(options.root, "public", "build"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(path.join(options.root, "public"), { maxAge: "1h", index: false }));
  app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

  const server = await new Promise<import("node:http").Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, () => resolve(listening));
    listening.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new Error(`PORT_IN_USE: port ${options.port} is taken; set PORT or pass --port.`) : error),
    );
  });
  server.keepAliveTimeout = 65_000;
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
