import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthUserLookup } from '#server/common/auth/auth-user-lookup.js';
import { ContestantProfileEntity } from './entities/contestant-profile.entity.js';
import { UserEntity } from './entities/user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** Global: the guards of every module look users up through AuthUserLookup. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, ContestantProfileEntity])],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, { provide: AuthUserLookup, useExisting: UsersRepository }],
  exports: [UsersRepository, AuthUserLookup],
})
export class UsersModule {}
