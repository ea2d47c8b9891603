// Friends, live, anywhere in the app: the socket's friend frames keep the cached lists and the
// activity log current, and a request received or accepted shows a toast wherever the person is.
// While the socket is down the lists are polled every 15 s instead (spec §9), and read again once
// it is back (frames sent meanwhile are lost).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import { keys, friendsQuery } from '../data/queries.js';

const POLL_MS = 15_000;
const FRAME_TYPES = [
  'friend_request_received', 'friend_request_removed', 'friend_request_accepted', 'friend_removed',
  'friend_status_changed', 'friend_activity',
];

// The frames' handlers (./friendFrames.js, with the friend toasts, their actions and the lists'
// model) load with the first friend frame, not with the page. Frames that arrive meanwhile wait,
// in order, and are handled once it is there: none is lost.
let frames = null; // the loaded module's FRAMES
let loading = null;
const waiting = [];

function handle(type, frame, context) {
  if (frames) {
    frames[type](frame, context);
    return;
  }
  waiting.push([type, frame, context]);
  loading ??= import('./friendFrames.js').then((module) => {
    frames = module.FRAMES;
    waiting.splice(0).forEach(([kind, data, where]) => frames[kind](data, where));
  }, (error) => {
    loading = null; // the next frame tries again, the waiting ones with it
    console.error('friend frames: could not load their handlers', error);
  });
}

/** Polls while the socket is not connected; reads once more when it connects again. */
function pollWhileOffline(queryClient) {
  let timer = null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.friends() });
  const follow = ({ status }) => {
    if (status === 'connected') {
      clearInterval(timer);
      timer = null;
    } else {
      timer ??= setInterval(refresh, POLL_MS);
    }
  };
  follow(socket.useSocket.getState());
  const stop = socket.useSocket.subscribe(follow);
  const stopReconnected = socket.on('reconnected', () => {
    refresh();
    queryClient.invalidateQueries({ queryKey: keys.friendActivity() });
  });
  return () => {
    stop();
    stopReconnected();
    clearInterval(timer);
  };
}

export default function useLiveFriends(userId) {
  const queryClient = useQueryClient();
  // The lists stay loaded (a frame needs them to tell whose request was accepted); the shell does
  // not re-render for them.
  useQuery({ ...friendsQuery(), notifyOnChangeProps: [] });
  useEffect(() => {
    const context = { queryClient, userId };
    const stops = FRAME_TYPES.map((type) => socket.on(type, (frame) => handle(type, frame, context)));
    const stopPolling = pollWhileOffline(queryClient);
    return () => {
      stops.forEach((stop) => stop());
      stopPolling();
    };
  }, [queryClient, userId]);
}
