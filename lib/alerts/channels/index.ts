import { ALERT_CHANNELS, type AlertChannelName } from '../rules.ts';
import { discordChannel } from './discord/index.ts';
import { emailChannel } from './email/index.ts';
import { pushChannel } from './push/index.ts';
import type { AlertChannel } from './types.ts';

// The channels this server delivers on. The settings card offers these and no others; the pipeline records
// deliveries for these and no others. A channel is a folder here (settings, rendering, sending) whose index
// implements AlertChannel (./types.ts), listed below; its name is a value of the AlertChannel enum.

const channels = new Map<AlertChannelName, AlertChannel>([emailChannel(), pushChannel(), discordChannel()].map((c) => [c.name, c]));

/** The channels alerts can go to, in the card's order. */
export function availableChannels(): AlertChannelName[] {
  return ALERT_CHANNELS.filter((name) => channels.has(name));
}

export function alertChannel(name: AlertChannelName): AlertChannel | undefined {
  return channels.get(name);
}

/** Adds (or replaces) a channel in this process; the returned function takes it out again. */
export function registerChannel(channel: AlertChannel): () => void {
  const before = channels.get(channel.name);
  channels.set(channel.name, channel);
  return () => {
    if (before) channels.set(channel.name, before);
    else channels.delete(channel.name);
  };
}

export type { AlertBatch, AlertChannel, DeliveryOutcome } from './types.ts';
