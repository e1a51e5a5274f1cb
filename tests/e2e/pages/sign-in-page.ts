import { expect, type Page } from '@playwright/test';

/** The sign-in page, the welcome (invitation / reset) page and the user menu (issue 15). */
export class SignInPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }
  get email() {
    return this.page.getByLabel('Email');
  }
  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }
  get submit() {
    return this.page.getByRole('button', { name: 'Sign in' });
  }
  async signIn(email: string, password: string) {
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
  /** Accepts an invitation link: the name, a new password twice. */
  async acceptInvitation(link: string, email: string, name: string, password: string) {
    await this.page.goto(link);
    await expect(
      this.page.getByRole('heading', { name: 'Welcome to Benefits Desk' }),
    ).toBeVisible();
    await expect(this.page.getByText(email)).toBeVisible();
    await this.page.getByLabel('Your name').fill(name);
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('New password again').fill(password);
    await this.page.getByRole('button', { name: 'Set password and sign in' }).click();
  }
  /** Opens the header's user menu and picks one of its sign-out buttons. */
  async signOut(everywhere = false) {
    await this.page.locator('.user-menu summary').click();
    await this.page
      .getByRole('button', { name: everywhere ? 'Sign out everywhere' : 'Sign out', exact: true })
      .click();
  }
}
