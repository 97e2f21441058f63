// SIGTERM while keep-alive clients are busy: no connection is reset, no request already sent is
// refused (503), a request in flight (a slow upload) completes, and the process exits 0 within 10 s.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createSession, errorCode, json, RESET_CODES } from './support/http.ts';
import { report, waitUntil } from './support/portal.ts';
import { withFaultRun } from './support/run.ts';
import { logoForm, randomPng } from './support/upload.ts';

const CONNECTIONS = 12;

test('SIGTERM under keep-alive load: 0 resets, 0 × 503, in-flight requests complete, exit 0 within 10 s', () =>
  withFaultRun('sigterm', async (run) => {
    const portal = await run.start();
    const session = await run.signIn(portal, {
      agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }),
    });
    const created = await session.post('/api/v1/developer_apps', { internal_name: 'Drain target' });
    assert.equal(created.status, 201);
    const appId = json<{ id: string }>(created).id;

    let sigtermAt = 0;
    const outcomes = {
      ok: 0,
      okAfterSigterm: 0,
      status503: 0,
      otherStatus: 0,
      resets: 0,
      refused: 0,
      otherErrors: 0,
    };
    const problems: string[] = [];
    const worker = async (n: number) => {
      for (let i = 0; i < 100_000; i++) {
        const sentAt = Date.now();
        try {
          const res =
            i % 10 === n % 10
              ? await session.post('/api/v1/developer_apps', { internal_name: `Load ${n}-${i}` })
              : await session.get(i % 2 ? '/api/v1/developer_apps?per_page=5' : '/api/v1/me');
          if (res.status < 300) {
            outcomes.ok++;
            if (sigtermAt && sentAt >= sigtermAt) outcomes.okAfterSigterm++;
          } else if (res.status === 503) outcomes.status503++;
          else {
            outcomes.otherStatus++;
            problems.push(`${res.status} ${res.body.toString().slice(0, 200)}`);
          }
        } catch (error) {
          const code = errorCode(error);
          // Refused means the request never reached a socket: the client knows it was not sent.
          if (code === 'ECONNREFUSED' && sigtermAt) {
            outcomes.refused++;
            return;
          }
          if (RESET_CODES.has(code)) outcomes.resets++;
          else outcomes.otherErrors++;
          problems.push(`${code} ${sigtermAt ? `${sentAt - sigtermAt} ms after SIGTERM` : 'before SIGTERM'}`);
          if (sigtermAt) return;
        }
      }
    };

    // A slow upload: headers and half the body before SIGTERM, the rest 1.5 s after.
    const form = logoForm(randomPng(300, 300));
    let releaseUpload!: () => void;
    const uploadReleased = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    let uploadStarted = false;
    // Its own connection, signed in as the same user.
    const uploader = createSession(portal.origin);
    run.onClose(() => uploader.close());
    uploader.restore(session.cookies());
    const upload = uploader.send({
      method: 'PUT',
      path: `/api/v1/developer_apps/${appId}`,
      headers: { 'content-type': form.contentType, 'content-length': String(form.body.length) },
      body: async (req) => {
        const half = Math.floor(form.body.length / 2);
        req.write(form.body.subarray(0, half));
        uploadStarted = true;
        await uploadReleased;
        req.end(form.body.subarray(half));
      },
    });

    const workers = Array.from({ length: CONNECTIONS }, (_, n) => worker(n));
    await waitUntil('the load to warm up', () => uploadStarted && outcomes.ok >= 200, { timeoutMs: 60_000 });
    sigtermAt = Date.now();
    portal.kill('SIGTERM');
    await delay(1_500);
    releaseUpload();
    const uploaded = await upload;
    await Promise.all(workers);
    const exit = await portal.exited;
    const exitMs = exit.at - sigtermAt;
    report('sigterm-under-load', {
      ...outcomes,
      uploadStatus: uploaded.status,
      exitCode: String(exit.code),
      exitMs,
    });

    assert.deepEqual(problems, [], 'no request already sent fails');
    assert.equal(outcomes.resets, 0);
    assert.equal(outcomes.status503, 0);
    assert.equal(uploaded.status, 200, `the upload in flight completes: ${uploaded.body}`);
    assert.equal(uploaded.headers.connection, 'close', 'answered with Connection: close while draining');
    assert.equal(exit.code, 0, portal.output().slice(-2000));
    assert.ok(exitMs < 10_000, `exited ${exitMs} ms after SIGTERM`);
  }));
