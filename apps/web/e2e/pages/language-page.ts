/** `/language`: the language list. */
import { AppPage } from './app-page.ts';

export class LanguagePage extends AppPage {
  async choose(code: string): Promise<void> {
    await this.page.getByTestId(`language-${code}`).click();
    await this.page.locator(`[data-testid="language-${code}"][aria-current="true"]`).waitFor();
  }
}
