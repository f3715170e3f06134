import { ToastContainer } from 'react-toastify';
import { TOAST_DURATION_MS, TOAST_LIMIT } from './notify';

export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS.other}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
      theme="light"
    />
  );
}
