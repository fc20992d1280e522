import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `oidc_sign_in`: the one-time code that hands a provider's finished sign-in to the browser. */
export type AuthTokenPurpose = 'verify_email' | 'reset_password' | 'oidc_sign_in';

/** Single-use e-mail tokens; only a SHA-256 of the token is stored, never the token itself. */
@Entity('auth_tokens')
export class AuthTokenEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 20 })
  purpose: AuthTokenPurpose;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
