// A settings page on its own (/app/settings/<section> opened in a tab of its own, not the dialog
// over the app) holds the live socket as the app does: presence counts open sockets, so without
// one the person read as offline to everyone while they were changing their settings. It also
// counts as activity: the idle watch runs here as in the app (input shared with the app's tabs
// through localStorage), so a hidden app tab does not call busy people idle, and neither is a
// status the person chose ever overridden (it comes with the socket's `connected`).
import * as socket from '../lib/socket.js';
import { watchIdle } from '../app/live/idle.js';
import { followMyStatus, useMyStatus } from '../app/live/myStatus.js';

export function stayOnline() {
  let following = false;
  socket.on('connected', (data) => {
    if (data?.status) useMyStatus.setState({ status: data.status });
    if (!following && data?.userId != null) {
      following = true;
      followMyStatus(data.userId); // the person's later choices, from any tab
    }
  });
  socket.connect();
  watchIdle();
}
