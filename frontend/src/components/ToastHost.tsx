import { ToastContainer } from 'react-toastify';
import { TOAST_DURATION_MS, TOAST_LIMIT } from './notify';

export function ToastHost() {
  return (
    <ToastContainer
      // clear of the header, the step bar and each step's action row (Continue, Apply, Train sit at the right)
      position="bottom-left"
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS.other}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
      // a short toast under the pointer would otherwise stay over the screen's buttons; errors stay anyway
      pauseOnHover={false}
      theme="light"
    />
  );
}
