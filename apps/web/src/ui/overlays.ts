/**
 * antd-mobile's Toast and Dialog for code that runs with the first screen (the request layer, the
 * socket session, the demo guard). Both bring the animation and gesture libraries with them, about
 * a fifth of the first load's JavaScript, for messages most visits never show: they load when the
 * first one is shown instead. Screens that load on demand import them as usual.
 */
export async function loadToast() {
  const [toast] = await Promise.all([import('antd-mobile/es/components/toast'), prepareOverlays()]);
  return toast.default;
}

export async function loadDialog() {
  const [dialog] = await Promise.all([import('antd-mobile/es/components/dialog'), prepareOverlays()]);
  return dialog.default;
}

/**
 * Hands antd-mobile React 19's renderer (overlay-render.ts) before any overlay shows: the toasts
 * and dialogs above, and those that screens loaded on demand show themselves (app/router.tsx).
 */
export async function prepareOverlays(): Promise<void> {
  await import('./overlay-render.ts');
}
