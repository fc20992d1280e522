import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContestantProfileEntity } from './entities/contestant-profile.entity.js';
import { UserEntity } from './entities/user.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, ContestantProfileEntity])],
})
export class UsersModule {}
