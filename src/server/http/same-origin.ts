import { isIP } from 'node:net';

/**
 * Refusing cross-site requests (issue 15, "in every mode"). A page on any website a broker
 * visits could otherwise post a form to the app running on their machine — a multipart form
 * post needs no preflight — and create a client or upload a document in their name. Browsers
 * say where a request comes from (`Origin`, or `Referer` when a request carries no Origin, and
 * `Sec-Fetch-Site`); a state-changing request from anywhere but the app's own pages is refused.
 * Requests that say nothing of where they come from (curl, scripts, server-to-server) are not
 * browsers' and go through.
 *
 * A second attack reaches a loopback-only server through DNS rebinding: the attacker's own
 * name is made to resolve to 127.0.0.1, so the browser sends the attacker's host as `Host` and
 * `Origin` alike. A server bound to a loopback address therefore answers only to loopback host
 * names and the configured public origins.
 */

export interface OriginPolicy {
  /** PUBLIC_ORIGIN: the origins browsers use to reach the app through a proxy. */
  publicOrigins: readonly string[];
  /** True when the server listens on a loopback address only (then `Host` must be loopback). */
  loopbackOnly: boolean;
}

export interface RequestOrigin {
  method: string;
  /** The request's host as the server sees it (`Host`, or `X-Forwarded-Host` from a trusted proxy). */
  host: string;
  /** `http` or `https` as the server sees it (`X-Forwarded-Proto` from a trusted proxy). */
  protocol: string;
  origin: string | undefined;
  referer: string | undefined;
  secFetchSite: string | undefined;
}

export type OriginRefusal = { status: 403 | 421; message: string };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `scheme://host[:port]` of a URL, with its default port dropped; undefined when not a web URL. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The host name of a `Host` header value (`[::1]:3000` → `::1`, `localhost:80` → `localhost`). */
export function hostNameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed?.[1]) return bracketed[1].toLowerCase();
  if (isIP(host) === 6) return host.toLowerCase();
  return host.replace(/:\d+$/, '').toLowerCase();
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names that always mean this machine. */
export function isLoopbackHost(hostName: string): boolean {
  const name = hostName.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || name === '0:0:0:0:0:0:0:1';
  return false;
}

/** Why a request must be refused, or undefined when it may go on. */
export function refuseCrossSite(
  request: RequestOrigin,
  policy: OriginPolicy,
): OriginRefusal | undefined {
  const publicHosts = policy.publicOrigins.map((o) => new URL(o).host.toLowerCase());
  if (
    policy.loopbackOnly &&
    !isLoopbackHost(hostNameOf(request.host)) &&
    !publicHosts.includes(request.host.toLowerCase())
  ) {
    return {
      status: 421,
      message: `This server answers only on this machine (localhost), not as "${request.host}". To reach it under another name, set PUBLIC_ORIGIN.`,
    };
  }
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;

  const own = originOf(`${request.protocol}://${request.host}`);
  const allowed = new Set([...(own ? [own] : []), ...policy.publicOrigins.map(originOf)]);
  const claimed = request.origin ?? (request.referer ? originOf(request.referer) : undefined);
  const from = request.origin ?? request.referer;
  if (from !== undefined) {
    if (claimed !== undefined && allowed.has(originOf(claimed) ?? claimed)) return undefined;
    return refusal(claimed ?? from);
  }
  // No Origin and no Referer: a browser that hides both still says whether the request is
  // cross-site; anything else is not a browser's request.
  if (request.secFetchSite === 'cross-site' || request.secFetchSite === 'same-site') {
    return refusal('another website');
  }
  return undefined;
}

const refusal = (from: string): OriginRefusal => ({
  status: 403,
  message: `This request came from another website (${from.slice(0, 200)}) and was refused: changes are accepted only from Benefits Desk's own pages.`,
});
