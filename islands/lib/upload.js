// Multipart uploads with progress. fetch() cannot report upload progress, so this one call goes
// through XMLHttpRequest; everything else is api.js's: the same bearer token, the same shared
// silent refresh on a 401 (then one more try, or the sign-in page), the same ApiError for every failure.
import { ApiError, UNREACHABLE, failure, getAccessToken, leaveForSignIn, refreshSession } from './api.js';

function parse(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null; // an HTML error page from a proxy: the status says enough
  }
}

function once(path, form, { onProgress, signal }) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    }
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data);
        return;
      }
      const response = { status: xhr.status, headers: { get: (name) => xhr.getResponseHeader(name) } };
      reject(failure(response, data));
    };
    // A refused body (a proxy's size limit, say) often looks like a dropped connection.
    xhr.onerror = () => reject(new ApiError(UNREACHABLE, { code: 'BACKEND_UNREACHABLE' }));
    xhr.onabort = () => reject(new ApiError('Request cancelled', { code: 'REQUEST_CANCELLED' }));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form); // the browser writes the multipart Content-Type with its boundary
  });
}

/**
 * `upload(path, formData, {onProgress, signal})` → the parsed JSON answer. `onProgress(fraction)`
 * runs as the body goes out (0 → 1); a retry after a refreshed token starts it again from 0.
 */
export async function upload(path, form, options = {}) {
  try {
    return await once(path, form, options);
  } catch (error) {
    if (error.status !== 401) throw error;
    if (!(await refreshSession())) {
      leaveForSignIn();
      throw error;
    }
    options.onProgress?.(0);
    return once(path, form, options);
  }
}
