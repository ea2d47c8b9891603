// Where the image viewer lives in a channel's view: nothing until a picture is opened
// (./viewer.js); its code (ImageViewer.jsx, with its library) loads then.
import { lazy, Suspense } from 'react';
import { closePicture, useImageViewer } from './viewer.js';

const ImageViewer = lazy(() => import('./ImageViewer.jsx'));

export default function ImageViewerHost() {
  const { pictures, index } = useImageViewer();
  if (!pictures) return null;
  return <Suspense fallback={null}><ImageViewer pictures={pictures} index={index} onClose={closePicture} /></Suspense>;
}
