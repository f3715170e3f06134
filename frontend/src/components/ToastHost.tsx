import { ToastContainer } from 'react-toastify';
import { TOAST_DURATION_MS, TOAST_LIMIT } from './notify';

export function ToastHost() {
  return (
    <ToastContainer
      // below the header and beside the step bar, so neither the language picker nor the bar is covered
      position="bottom-right"
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
