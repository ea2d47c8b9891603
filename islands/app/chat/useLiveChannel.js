// A chat view's hold on its channel: the socket open and the channel joined while the view is on
// screen; the messages brought up to date on mount and on the socket's 'reconnected' signal (with
// a fresh newest page), and caught up after each join (whatever was said before the join took
// effect). Leaving the view leaves the channel.
import { useEffect } from 'react';
import * as socket from '../../lib/socket.js';
import { setTyping, useChat } from './store.js';
import { syncChannel, wireLive } from './sync.js';

export default function useLiveChannel(channelId) {
  useEffect(() => {
    wireLive();
    socket.connect();
    socket.joinChannel(channelId);
    syncChannel(channelId);
    const stops = [
      socket.on('reconnected', () => syncChannel(channelId)),
      socket.on('channel_joined', (data) => data?.channelId === channelId && syncChannel(channelId, { full: false })),
    ];
    return () => {
      stops.forEach((stop) => stop());
      socket.leaveChannel(channelId);
      const typing = useChat.getState().typing[channelId] || {};
      Object.keys(typing).forEach((userId) => setTyping(channelId, Number(userId), null));
    };
  }, [channelId]);
}
