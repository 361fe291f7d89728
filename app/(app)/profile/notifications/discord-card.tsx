'use client';

import { useState, type FormEvent } from 'react';
import { DISCORD_MESSAGES } from '@/lib/alerts/channels/discord/rules';
import type { DiscordSavedAnswer, DiscordTestAnswer, DiscordWebhookAnswer } from '@/lib/alerts/channels/discord/types';
import { usDateTime } from '@/lib/reports-client/format';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../../_components/form';
import { getJson } from '../../../_components/data/get-json';
import { ResourceView } from '../../../_components/data/resource-view';
import { useResource, type Loaded } from '../../../_components/data/use-resource';

async function loadWebhook(signal: AbortSignal): Promise<Loaded<DiscordWebhookAnswer>> {
  return getJson<DiscordWebhookAnswer>('/api/discord/webhook', DISCORD_MESSAGES.loadFailed, signal);
}

type Key = 'save' | 'test' | 'remove';

/** "Discord": one webhook per user, shown without its token; a test message; why a removed one went. */
export function DiscordCard() {
  const { state, reload, update } = useResource('discord-webhook', loadWebhook, DISCORD_MESSAGES.loadFailed);
  const calls = useSubmit<Key>({ failed: DISCORD_MESSAGES.failed });
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const answer = state.status === 'ready' ? state.data : null;
  const webhook = answer?.webhook ?? null;

  function save(event: FormEvent) {
    event.preventDefault();
    void calls.run(async () => {
      const res = await calls.send<DiscordSavedAnswer>('/api/discord/webhook', { method: 'PUT', body: { url } });
      setInvalid(!res.ok);
      // The API prefixes validation messages with the field's name ("url: …"): the field is the screen's.
      if (!res.ok) return failure(res.error.replace(/^url: /, ''));
      update((shown) => ({ ...shown, webhook: res.data.webhook, removed_at: res.data.removed_at }));
      setUrl('');
      return success(res.data.message);
    }, 'save');
  }

  function test() {
    void calls.run(async () => {
      const res = await calls.send<DiscordTestAnswer>('/api/discord/test', { method: 'POST' });
      reload(); // the channel, the last delivery, or the webhook gone
      return res.ok ? success(res.data.message) : failure(res.error);
    }, 'test');
  }

  function remove() {
    void calls.run(async () => {
      const res = await calls.send<DiscordSavedAnswer>('/api/discord/webhook', { method: 'DELETE' });
      if (!res.ok) return failure(res.error);
      update((shown) => ({ ...shown, webhook: null, removed_at: null }));
      return success(res.data.message);
    }, 'remove');
  }

  return (
    <section className="card stack" id="discord" aria-labelledby="discord-heading" data-testid="discord">
      <div className="row spread nowrap alerts-head">
        <div>
          <h2 id="discord-heading">Discord</h2>
          <p className="muted small">
            Your alerts in a Discord channel. In Discord: the channel&apos;s settings → Integrations → Webhooks → New Webhook, then Copy Webhook URL and paste
            it here.
          </p>
        </div>
        {answer && (
          <span className={`badge ${webhook ? 'badge-active' : ''}`} data-testid="discord-status">
            {webhook ? 'On' : 'Off'}
          </span>
        )}
      </div>
      {/* The load, and why the last webhook went; the calls' message stays outside it (it outlives a failed reload). */}
      <ResourceView state={state} onRetry={reload} loading={<p className="muted">Loading your Discord settings…</p>}>
        {(loaded) =>
          !loaded.webhook &&
          loaded.removed_at && (
            <div className="alert alert-warn" data-testid="discord-removed">
              {DISCORD_MESSAGES.goneNotice(usDateTime(loaded.removed_at))}
            </div>
          )
        }
      </ResourceView>
      <Banner message={calls.message} testId="discord-message" />

      {webhook && (
        <div className="stack-sm">
          <dl className="kv small">
            <div>
              <dt className="muted">Webhook</dt>
              <dd className="break" data-testid="discord-webhook">{webhook.display_url}</dd>
            </div>
            <div>
              <dt className="muted">Channel</dt>
              <dd>{webhook.channel_id ?? 'known after the first message'}</dd>
            </div>
            <div>
              <dt className="muted">Last delivered</dt>
              <dd>{webhook.last_success_at ? usDateTime(webhook.last_success_at) : 'nothing delivered yet'}</dd>
            </div>
          </dl>
          <div className="row">
            <button type="button" className="btn btn-secondary" onClick={test} disabled={calls.isBusy('test')}>
              {calls.isBusy('test') ? 'Sending…' : 'Send a test message'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={remove} disabled={calls.isBusy('remove')}>
              {calls.isBusy('remove') ? 'Removing…' : 'Remove Webhook'}
            </button>
          </div>
        </div>
      )}

      {answer && !webhook && (
        <form className="form" onSubmit={save} noValidate aria-busy={calls.isBusy('save')}>
          <Field id="discord-url" label="Webhook URL" hint="https://discord.com/api/webhooks/… — keep it private: anyone with it can post to your channel." invalid={invalid}>
            {(control) => (
              <input {...control} type="url" inputMode="url" className="input" autoComplete="off" spellCheck={false} value={url}
                onChange={(e) => {
                  setUrl(e.target.value);
                  setInvalid(false);
                }} />
            )}
          </Field>
          <div>
            <SubmitButton busy={calls.isBusy('save')} busyText="Saving…" disabled={!url.trim()}>
              Save Webhook
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
