export interface RegisterFields {
  name: string;
  email: string;
  password: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterFields, string>>;

export const PASSWORD_HINT = 'Password must be at least 8 characters and contain at least one number';

/** Spec section 5: the registration rules and their exact messages. */
export function validateRegistration({ name, email, password }: RegisterFields): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!name.trim()) errors.name = 'Name is required';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = 'Please enter a valid email address';
  if (password.length < 8) errors.password = 'Password must be at least 8 characters';
  else if (!/\d/.test(password)) errors.password = 'Password must contain at least one number';
  return errors;
}
