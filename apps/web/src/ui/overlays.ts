/**
 * antd-mobile's Toast and Dialog for code that runs with the first screen (the request layer, the
 * socket session, the demo guard). Both bring the animation and gesture libraries with them, about
 * a fifth of the first load's JavaScript, for messages most visits never show: they load when the
 * first one is shown instead. Screens that load on demand import them as usual.
 */
export async function loadToast() {
  return (await import('antd-mobile/es/components/toast')).default;
}

export async function loadDialog() {
  return (await import('antd-mobile/es/components/dialog')).default;
}
