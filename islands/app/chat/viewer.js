// Which picture the image viewer (ImageViewer.jsx) shows, and the others it steps through: the
// pictures of the channel's messages held now, oldest first (those of the one message if the
// channel's messages are not held). Set by a click on a picture (Attachments.jsx).
import { create } from 'zustand';
import { channelOf, useChat } from './store.js';
import { showsAsImage } from './files.js';

export const useImageViewer = create(() => ({ pictures: null, index: 0 }));

const pictureFiles = (files) => (files ?? []).filter((file) => showsAsImage(file.contentType));

export function openPicture(channelId, file, files) {
  const held = channelOf(useChat.getState(), channelId).messages.flatMap((message) => pictureFiles(message.attachments));
  const pictures = held.some((item) => item.id === file.id) ? held : pictureFiles(files);
  useImageViewer.setState({ pictures, index: Math.max(0, pictures.findIndex((item) => item.id === file.id)) });
}

export const closePicture = () => useImageViewer.setState({ pictures: null, index: 0 });
