// The mesh file loaders of @babylonjs/loaders (STL, OBJ, glTF 2.0), registered when the first mesh
// file is drawn (the viewport imports this module lazily, so a model without meshes loads none).
// Every loader keeps the file's coordinates: STL without its y-z swap; OBJ and glTF read into a
// right-handed scene are not mirrored.
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader'
import type { AssetContainer } from '@babylonjs/core/assetContainer'
import type { Scene } from '@babylonjs/core/scene'
import { RegisterGLTF2Loader } from '@babylonjs/loaders/glTF/2.0/glTFLoader.pure'
import { RegisterGLTFFileLoader } from '@babylonjs/loaders/glTF/glTFFileLoader.pure'
import { RegisterOBJFileLoader } from '@babylonjs/loaders/OBJ/objFileLoader.pure'
import { RegisterSTLFileLoader, STLFileLoader } from '@babylonjs/loaders/STL/stlFileLoader.pure'
import type { MeshFormat } from '../../core'

STLFileLoader.DO_NOT_ALTER_FILE_COORDINATES = true
RegisterSTLFileLoader()
RegisterOBJFileLoader()
RegisterGLTF2Loader()
RegisterGLTFFileLoader()

/**
 * The meshes of a mesh file (its bytes in base64), in a container not yet added to the scene: as a
 * data URL, which every one of these loaders reads (the STL loader takes no ArrayBufferView).
 */
export function loadMeshContainer(base64: string, format: MeshFormat, scene: Scene): Promise<AssetContainer> {
  return LoadAssetContainerAsync(`data:application/octet-stream;base64,${base64}`, scene, {
    pluginExtension: `.${format}`,
  })
}
