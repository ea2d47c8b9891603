// The shell's hold on what is unread (data/unread.js) and on the DM list (dms/queries.js): loaded
// on start and again after a reconnect, kept live from the socket, and counted in the page title.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import {
  applyActivity, applyNewMessage, applyReadState, attentionCount, countLabel, forgetServer, loadUnread, useUnread,
} from '../data/unread.js';
import { setPresence } from '../dms/presence.js';
import { dmKeys, refreshPreview, touchDm } from '../dms/queries.js';

const DM_REFRESH_MS = 400; // a burst of DM activity refetches the list once
const TITLE_COUNT = /^\(\d+\+?\) /;

/** '(3) Lobby' while mentions or DM messages wait; the page's own title otherwise. */
function followTitle() {
  const show = (channels) => {
    const n = attentionCount(channels);
    const base = document.title.replace(TITLE_COUNT, '');
    const next = n > 0 ? `(${countLabel(n)}) ${base}` : base;
    if (document.title !== next) document.title = next;
  };
  show(useUnread.getState().channels);
  const stop = useUnread.subscribe((state, previous) => (state.channels !== previous.channels
    || state.quiet !== previous.quiet) && show(state.channels)); // a server muted or unmuted counts too
  return () => {
    stop();
    document.title = document.title.replace(TITLE_COUNT, '');
  };
}

export default function useLiveUnread(userId) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const me = { id: userId };
    let dmTimer = null;
    const refetchDms = () => {
      dmTimer ??= setTimeout(() => {
        dmTimer = null;
        queryClient.invalidateQueries({ queryKey: dmKeys.list() });
      }, DM_REFRESH_MS);
    };
    const isDm = (channelId) => {
      const viewing = useUnread.getState().viewing;
      if (viewing?.channelId === channelId) return viewing.serverId == null;
      const entry = useUnread.getState().channels[channelId];
      if (entry) return entry.serverId == null;
      return Boolean(queryClient.getQueryData(dmKeys.list())?.conversations?.some((item) => item.channel?.id === channelId));
    };
    // A DM message with its content (new_message, message_sent) updates the list in place; without
    // (channel_activity) the list is moved at once and fetched again for the preview.
    const dmMessage = (message) => {
      if (message?.channelId == null || !isDm(message.channelId)) return;
      if (!touchDm(queryClient, message.channelId, message)) refetchDms();
    };

    socket.connect();
    loadUnread();
    const stops = [
      socket.on('channel_activity', (data) => {
        applyActivity(data, userId);
        if (data?.serverId == null && data?.channelId != null) {
          touchDm(queryClient, data.channelId);
          refetchDms();
        }
      }),
      socket.on('read_state', applyReadState),
      socket.on('server_access_revoked', (data) => data?.serverId != null && forgetServer(data.serverId)),
      socket.on('new_message', (message) => {
        applyNewMessage(message, me);
        dmMessage(message);
      }),
      socket.on('message_sent', (data) => dmMessage(data?.message)),
      socket.on('message_edited', (message) => message?.channelId != null && refreshPreview(queryClient, message.channelId,
        (item) => (item.lastMessage?.id === message.id ? { ...item, lastMessage: { ...item.lastMessage, ...message } } : item))),
      socket.on('message_deleted', (data) => {
        const id = data?.id ?? data?.messageId;
        if (data?.channelId == null) return;
        refreshPreview(queryClient, data.channelId, (item) => {
          if (item.lastMessage?.id === id) refetchDms();
          return item;
        });
      }),
      // Every 'connected', the first too: what came between the page's first read and the
      // server's watching this socket's channels is read again (after a reconnect: all it missed).
      socket.on('connected', () => {
        loadUnread();
        refetchDms();
      }),
      socket.on('friend_status_changed', (data) => setPresence(data?.friendId, data?.status, data?.customStatus)),
      // customStatus only when the frame has one ('' clears it: someone who blocked us reads offline, bare).
      socket.on('user_status', (data) => setPresence(data?.userId, data?.status, data?.customStatus)),
    ];
    const stopTitle = followTitle();
    return () => {
      stops.forEach((stop) => stop());
      stopTitle();
      clearTimeout(dmTimer);
    };
  }, [queryClient, userId]);
}
