import { describe, expect, it } from 'vitest';
import {
  hostNameOf,
  isLoopbackHost,
  type OriginPolicy,
  type RequestOrigin,
  refuseCrossSite,
} from './same-origin.ts';

const local: OriginPolicy = { publicOrigins: [], loopbackOnly: true };
const proxied: OriginPolicy = { publicOrigins: ['https://desk.example.com'], loopbackOnly: false };

const request = (over: Partial<RequestOrigin>): RequestOrigin => ({
  method: 'POST',
  host: 'localhost:3000',
  protocol: 'http',
  origin: undefined,
  referer: undefined,
  secFetchSite: undefined,
  ...over,
});

describe('refuseCrossSite', () => {
  it.each([
    ['its own origin', request({ origin: 'http://localhost:3000' }), local],
    [
      'its own origin by 127.0.0.1',
      request({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }),
      local,
    ],
    [
      'a default port written out',
      request({ host: 'localhost:80', origin: 'http://localhost' }),
      local,
    ],
    [
      'its own page as Referer',
      request({ referer: 'http://localhost:3000/clients/create' }),
      local,
    ],
    ['no Origin, no Referer (curl, scripts)', request({}), local],
    ['a same-origin fetch that says so', request({ secFetchSite: 'same-origin' }), local],
    [
      'a read from anywhere (reads are not changes)',
      request({ method: 'GET', origin: 'https://evil.example' }),
      local,
    ],
    [
      'the public origin behind a proxy',
      request({ host: '10.0.0.11:3000', origin: 'https://desk.example.com' }),
      proxied,
    ],
    [
      'the proxied host itself',
      request({ host: 'desk.example.com', protocol: 'https', origin: 'https://desk.example.com' }),
      proxied,
    ],
  ])('lets through %s', (_what, req, policy) => {
    expect(refuseCrossSite(req, policy)).toBeUndefined();
  });

  it.each([
    ['another website', request({ origin: 'https://evil.example' })],
    ['another port of this machine', request({ origin: 'http://localhost:8080' })],
    ['another scheme', request({ origin: 'https://localhost:3000' })],
    ['an opaque origin (sandboxed frame, file://)', request({ origin: 'null' })],
    ['a Referer from another website', request({ referer: 'https://evil.example/page' })],
    ['a garbled Origin', request({ origin: 'not a url' })],
    ['a cross-site fetch that hides its origin', request({ secFetchSite: 'cross-site' })],
    [
      'a DELETE from another website',
      request({ method: 'DELETE', origin: 'https://evil.example' }),
    ],
    ['a PUT from another website', request({ method: 'put', origin: 'https://evil.example' })],
  ])('refuses %s with 403', (_what, req) => {
    const refusal = refuseCrossSite(req, local);
    expect(refusal?.status).toBe(403);
    expect(refusal?.message).toMatch(/another website/);
  });

  it('refuses the public origin when none is configured, and another origin when one is', () => {
    const req = request({ host: '10.0.0.11:3000', origin: 'https://desk.example.com' });
    expect(refuseCrossSite(req, { publicOrigins: [], loopbackOnly: false })?.status).toBe(403);
    expect(refuseCrossSite({ ...req, origin: 'https://other.example.com' }, proxied)?.status).toBe(
      403,
    );
  });

  it.each([
    ['GET', 'attacker.example:3000'],
    ['POST', 'attacker.example:3000'],
    ['GET', '192.168.1.20:3000'],
  ])('on loopback, answers %s for a rebound host name (%s) with 421', (method, host) => {
    const refusal = refuseCrossSite(request({ method, host, origin: `http://${host}` }), local);
    expect(refusal?.status).toBe(421);
    expect(refusal?.message).toMatch(/PUBLIC_ORIGIN/);
  });

  it('on loopback, answers a configured public host', () => {
    const policy = { publicOrigins: ['https://desk.example.com'], loopbackOnly: true };
    const req = request({
      host: 'desk.example.com',
      protocol: 'https',
      origin: 'https://desk.example.com',
    });
    expect(refuseCrossSite(req, policy)).toBeUndefined();
  });
});

describe('host names', () => {
  it.each([
    ['localhost:3000', 'localhost', true],
    ['LOCALHOST', 'localhost', true],
    ['app.localhost:3000', 'app.localhost', true],
    ['127.0.0.1:3000', '127.0.0.1', true],
    ['127.8.9.10', '127.8.9.10', true],
    ['[::1]:3000', '::1', true],
    ['::1', '::1', true],
    ['10.0.0.11:3000', '10.0.0.11', false],
    ['localhost.evil.example', 'localhost.evil.example', false],
    ['[2001:db8::1]:443', '2001:db8::1', false],
  ])('%s is %s, loopback: %s', (host, name, loopback) => {
    expect(hostNameOf(host)).toBe(name);
    expect(isLoopbackHost(hostNameOf(host))).toBe(loopback);
  });
});
